/** What /login reads to send people back where they were going. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}
