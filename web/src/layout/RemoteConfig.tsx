// The remote configuration (function `config`), fetched once at start-up. Its values are activated in one
// step when the answer arrives: until then every key reads as unset, never as half of an old set.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { momentForReader } from '@contract/moments';
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
  /** Their Spanish, when given (`spanishConfigName`). */
  announcementEs?: string;
  orientationEs?: string;
};

const UNSET: RemoteConfigValues = {};
const RemoteConfigContext = createContext<RemoteConfigValues>(UNSET);
/** The reader's own zone: the programme's until the answer names it, so no moment reads twice. */
const READER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const TimeZoneContext = createContext(READER_ZONE);
/** Whether the answer came (or failed): what the values add to a screen is then known. */
const SettledContext = createContext(false);

export function RemoteConfigProvider({ children }: { children: ReactNode }) {
  const config = useCatalogueRead('config');
  const values = (config.data?.values as RemoteConfigValues | undefined) ?? UNSET;
  return (
    <RemoteConfigContext.Provider value={values}>
      <TimeZoneContext.Provider value={config.data?.timeZone ?? READER_ZONE}>
        <SettledContext.Provider value={!config.isPending}>{children}</SettledContext.Provider>
      </TimeZoneContext.Provider>
    </RemoteConfigContext.Provider>
  );
}

export function useRemoteConfig(): RemoteConfigValues {
  return useContext(RemoteConfigContext);
}

export function useRemoteConfigSettled(): boolean {
  return useContext(SettledContext);
}

/** The programme's time zone (an IANA name): the clock every moment on the site reads on. */
export function useProgrammeTimeZone(): string {
  return useContext(TimeZoneContext);
}

/**
 * How the site writes a moment: on the programme's clock with its zone named, the reader's own time beside it
 * when theirs differs ("Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)").
 */
export function useMomentText(): (iso: string) => string {
  const timeZone = useProgrammeTimeZone();
  return useCallback((iso: string) => momentForReader(iso, timeZone, READER_ZONE), [timeZone]);
}
