import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client';
import type { NumberListSettingKey, PublicSetting, SwitchSettingKey, TextSettingKey } from './contracts';
import { sharedKeys } from './query-keys';

const HOUR = 60 * 60 * 1000;

export type SettingsMap = Record<string, unknown>;

/** GET /service/settings: a list of {key, value}; cached one hour, not refetched on mount (docs/product.md §7). */
export const settingsQueryOptions = queryOptions({
  queryKey: sharedKeys.settings,
  queryFn: async (): Promise<SettingsMap> => {
    const list = await api.get<PublicSetting[]>('/service/settings');
    return Object.fromEntries(list.map(({ key, value }) => [key, value]));
  },
  staleTime: HOUR,
  gcTime: HOUR,
  refetchOnMount: false,
});

/**
 * Typed reads; a missing value reads as empty string, false or an empty list (docs/product.md §3). Keys are the
 * server's (contracts/settings.ts), each read by its kind: a misspelt key, or flag() of a text key, fails type-check.
 */
export interface Settings {
  loaded: boolean;
  text(key: TextSettingKey): string;
  flag(key: SwitchSettingKey): boolean;
  numbers(key: NumberListSettingKey): number[];
}

export function readSettings(map: SettingsMap | undefined): Settings {
  const value = (key: string) => map?.[key];
  return {
    loaded: map !== undefined,
    text: (key) => {
      const v = value(key);
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
    },
    flag: (key) => value(key) === true || value(key) === 'true',
    numbers: (key) => {
      const v = value(key);
      return Array.isArray(v) ? v.map(Number).filter((n) => Number.isFinite(n) && n > 0) : [];
    },
  };
}

export function useSettings(): Settings {
  const { data } = useQuery(settingsQueryOptions);
  return useMemo(() => readSettings(data), [data]);
}
