/** Everything the storefront keeps in local storage, under the spec's keys. */
const KEYS = {
  jwt: 'jwt',
  refreshToken: 'refreshToken',
  savedId: 'savedId',
  popupHidden: 'popup-hidden',
  darkMode: 'darkMode',
} as const;

export interface HiddenPopup {
  popupId: string;
  /** yyyyMMdd */
  date: string;
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

const write = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));

export const storage = {
  /** The login token is stored as the bare string. */
  getJwt: () => localStorage.getItem(KEYS.jwt),
  setJwt: (token: string) => localStorage.setItem(KEYS.jwt, token),
  /** The session's refresh token (POST /auth/refresh trades it for the next pair); cleared with the jwt. */
  getRefreshToken: () => localStorage.getItem(KEYS.refreshToken),
  setRefreshToken: (token: string | undefined) =>
    token ? localStorage.setItem(KEYS.refreshToken, token) : localStorage.removeItem(KEYS.refreshToken),
  clearJwt: () => {
    localStorage.removeItem(KEYS.jwt);
    localStorage.removeItem(KEYS.refreshToken);
  },
  getSavedId: () => localStorage.getItem(KEYS.savedId) ?? '',
  setSavedId: (id: string | null) =>
    id ? localStorage.setItem(KEYS.savedId, id) : localStorage.removeItem(KEYS.savedId),
  getDarkMode: (): boolean | null => {
    const value = read<unknown>(KEYS.darkMode, null);
    return typeof value === 'boolean' ? value : null;
  },
  setDarkMode: (dark: boolean) => write(KEYS.darkMode, dark),
  getHiddenPopups: (): HiddenPopup[] => {
    const value = read<unknown>(KEYS.popupHidden, []);
    return Array.isArray(value)
      ? value.filter((v): v is HiddenPopup => typeof v?.popupId === 'string' && typeof v?.date === 'string')
      : [];
  },
  setHiddenPopups: (list: HiddenPopup[]) => write(KEYS.popupHidden, list),
};
