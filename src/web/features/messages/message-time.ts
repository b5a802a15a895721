/** A message's time as 'Nov 24, 9:05 AM' in Jamaica (the chat and the report dialog). */
export const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
