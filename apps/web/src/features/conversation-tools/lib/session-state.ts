import { useSyncExternalStore } from 'react';

/** One value shared by the components that read it, each re-rendered when it changes. */
function sharedState<T>(initial: T, persist: (next: T) => void = () => {}) {
  const listeners = new Set<() => void>();
  let value = initial;
  const set = (next: T) => {
    value = next;
    persist(next);
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return function useSharedState(): [T, (next: T) => void] {
    return [useSyncExternalStore(subscribe, () => value), set];
  };
}

/**
 * A small piece of the inbox's state shared by components of this feature that the inbox places apart
 * (the header's button and the side panel; the list's filter), kept for the tab's session so a reload
 * keeps it and opening another conversation does not reset it.
 */
export function sessionState<T>(key: string, initial: T) {
  let value: T = initial;
  try {
    const stored = sessionStorage.getItem(key);
    if (stored !== null) value = JSON.parse(stored) as T;
  } catch {
    // No storage (private mode) or a value from an older build: start from the initial one.
  }
  return sharedState(value, (next) => {
    try {
      sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      // The state still holds for this page.
    }
  });
}

/** The same for state that must not outlive the page (a menu's open state): kept in memory only. */
export function pageState<T>(initial: T) {
  return sharedState(initial);
}
