// The remote configuration (function `config`), fetched once at start-up. Its values are activated in one
// step when the answer arrives: until then every key reads as unset, never as half of an old set.
import { createContext, useContext, type ReactNode } from 'react';
import type { ConfigValues } from '@contract/records';
import { useCatalogueRead } from '../api/queries';

/** The keys the site reads; administrators edit them in the administration screens. */
export type RemoteConfigValues = ConfigValues & {
  contactEmail?: string;
  privacyPolicyUrl?: string;
  studentUnitsUrl?: string;
  announcement?: string;
  /** The introduction above the classes on Class Registration. */
  orientation?: string;
};

const UNSET: RemoteConfigValues = {};
const RemoteConfigContext = createContext<RemoteConfigValues>(UNSET);
/** Whether the answer came (or failed): what the values add to a screen is then known. */
const SettledContext = createContext(false);

export function RemoteConfigProvider({ children }: { children: ReactNode }) {
  const config = useCatalogueRead('config');
  const values = (config.data?.values as RemoteConfigValues | undefined) ?? UNSET;
  return (
    <RemoteConfigContext.Provider value={values}>
      <SettledContext.Provider value={!config.isPending}>{children}</SettledContext.Provider>
    </RemoteConfigContext.Provider>
  );
}

export function useRemoteConfig(): RemoteConfigValues {
  return useContext(RemoteConfigContext);
}

export function useRemoteConfigSettled(): boolean {
  return useContext(SettledContext);
}
