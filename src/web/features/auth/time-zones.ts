import { canonicalTimeZone, DEFAULT_TIME_ZONE, zoneCity } from '../../../shared/member-time';

export interface ZoneOption {
  zone: string;
  label: string;
}

/**
 * The zones Jamaicans abroad mostly live in, Jamaica first. Each label names cities that keep the same
 * clock all year (daylight saving included); booking times then name the zone's own city ("New York").
 */
export const COMMON_TIME_ZONES: readonly ZoneOption[] = [
  { zone: 'America/Jamaica', label: 'Jamaica' },
  { zone: 'America/Toronto', label: 'Toronto, Montreal (Eastern Canada)' },
  { zone: 'America/New_York', label: 'New York, Miami (Eastern US)' },
  { zone: 'Europe/London', label: 'London (UK)' },
  { zone: 'America/Chicago', label: 'Chicago, Houston (Central US)' },
  { zone: 'America/Los_Angeles', label: 'Los Angeles (Pacific US)' },
  { zone: 'America/Halifax', label: 'Halifax (Atlantic Canada)' },
  { zone: 'America/Winnipeg', label: 'Winnipeg (Central Canada)' },
  { zone: 'America/Edmonton', label: 'Calgary, Edmonton (Mountain Canada)' },
  { zone: 'America/Vancouver', label: 'Vancouver (Pacific Canada)' },
  { zone: 'Europe/Dublin', label: 'Dublin (Ireland)' },
  { zone: 'Europe/Paris', label: 'Paris, Berlin, Madrid (Central Europe)' },
  { zone: 'America/Cayman', label: 'Cayman Islands' },
  { zone: 'America/Port_of_Spain', label: 'Trinidad, Barbados (Eastern Caribbean)' },
];

/** The browser's own zone (Intl's answer), or undefined when it gives none or one we would not keep. */
export function deviceTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? canonicalTimeZone(zone) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The options of the time-zone select: the common zones, the member's saved zone when it is none of them
 * (set elsewhere), and the device's own zone, marked, right after Jamaica when it is not in the list.
 */
export function timeZoneOptions(saved: string | undefined, device: string | undefined): ZoneOption[] {
  const options = COMMON_TIME_ZONES.map((o) =>
    o.zone === device && device !== DEFAULT_TIME_ZONE ? { ...o, label: `${o.label}, this device` } : o,
  );
  const known = (zone: string) => options.some((o) => o.zone === zone);
  if (device && !known(device)) {
    options.splice(1, 0, { zone: device, label: `${zoneCity(device)} (this device’s time zone)` });
  }
  if (saved && !known(saved)) options.splice(1, 0, { zone: saved, label: zoneCity(saved) });
  return options;
}
