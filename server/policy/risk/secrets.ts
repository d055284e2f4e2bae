// What holds a secret: the folders and files where keys, tokens and passwords live (~/.ssh, ~/.aws, .env, a
// private key …), the environment printed whole, and a variable whose name says it holds one ($GITHUB_TOKEN).
// A request that reads, writes or sends one is graded high (issue 31 §2).
import { basename, join } from 'node:path';

/** Under the home folder: folders and files that hold credentials. */
const HOME_SECRETS = [
  '.ssh', '.aws', '.gnupg', '.azure', '.kube', '.config/gcloud', '.config/gh', '.docker/config.json', '.netrc', '.npmrc',
  '.pypirc', '.git-credentials', '.password-store', '.vault-token', '.terraform.d/credentials.tfrc.json', '.cargo/credentials',
  '.cargo/credentials.toml', '.config/op', '.local/share/keyrings',
];
/** Anywhere: files that hold credentials. */
const SYSTEM_SECRETS = ['/etc/shadow', '/etc/gshadow', '/etc/sudoers', '/etc/ssl/private'];
const NAMED = /^(\.env(\.(?!example$|sample$|template$|dist$|defaults$)[\w.-]+)?|\.envrc|id_(rsa|dsa|ecdsa|ed25519)(\.pub)?|.*\.(pem|key|p12|pfx|jks|keystore)|credentials(\.json)?|\.htpasswd|secrets?\.(ya?ml|json|toml))$/i;
/** A variable whose name says it holds a secret. */
export const SECRET_VARIABLE = /\$\{?([A-Za-z_]*(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH)[A-Za-z0-9_]*)/i;

/** The secret a path (absolute, as written or resolved) names, in words, or null. */
export function secretPath(path: string, home: string): string | null {
  for (const name of HOME_SECRETS) {
    const at = join(home, name);
    if (path === at || path.startsWith(`${at}/`)) return `~/${name}`;
  }
  for (const file of SYSTEM_SECRETS) if (path === file || path.startsWith(`${file}/`)) return file;
  if (/^\/proc\/[^/]+\/environ$/.test(path)) return path;
  const name = basename(path);
  if (NAMED.test(name)) return name;
  return null;
}

/** The secret a word that is only known when it runs names ($HOME/.ssh/id_rsa, "$X/.env"), by its text. */
export function secretInText(raw: string, home: string): string | null {
  const text = raw.replace(/\$\{?HOME\}?/g, home).replace(/["']/g, '');
  if (text.startsWith('/')) return secretPath(text, home);
  const name = basename(text);
  return NAMED.test(name) ? name : null;
}
