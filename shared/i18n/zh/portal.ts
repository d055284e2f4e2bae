/** Strings of the portal UI (zh). Keys must match the other language's file. */
export default {
};
