/** What /login reads to send people back where they were going. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go back to after login or signup: a path of this site the guard (or a page) remembered. */
export function returnPath(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  if (
    !from?.pathname?.startsWith('/') ||
    from.pathname.startsWith('//') ||
    from.pathname === '/login' ||
    from.pathname === '/signup'
  ) {
    return undefined;
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
