import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PortalBoot } from '../../server/web-portal/boot-data.js';
import type { HubSocket } from '../live/hub-socket.js';
import type { AppStore } from './app-store.js';

export interface AppServices {
  store: AppStore;
  socket: HubSocket;
  boot: PortalBoot;
}

export const AppContext = createContext<AppServices>(null as never);
export const useServices = () => useContext(AppContext);
