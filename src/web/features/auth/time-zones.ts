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
  { zone: 'America/Toronto', label: 'Toronto, Ottawa, Montreal (Canada, Eastern)' },
  { zone: 'America/New_York', label: 'New York, Miami, Fort Lauderdale, Atlanta (US, Eastern)' },
  { zone: 'Europe/London', label: 'London, Birmingham, Manchester (UK)' },
  { zone: 'America/Chicago', label: 'Chicago, Houston, Dallas (US, Central)' },
  { zone: 'America/Los_Angeles', label: 'Los Angeles, San Francisco, Seattle (US, Pacific)' },
  { zone: 'America/Halifax', label: 'Halifax (Canada, Atlantic)' },
  { zone: 'America/Winnipeg', label: 'Winnipeg (Canada, Central)' },
  { zone: 'America/Edmonton', label: 'Calgary, Edmonton (Canada, Mountain)' },
  { zone: 'America/Vancouver', label: 'Vancouver (Canada, Pacific)' },
  { zone: 'Europe/Dublin', label: 'Dublin (Ireland)' },
  { zone: 'Europe/Paris', label: 'Paris, Berlin, Madrid, Amsterdam (Central Europe)' },
  { zone: 'America/Cayman', label: 'Cayman Islands' },
  { zone: 'America/Port_of_Spain', label: 'Trinidad and Tobago, Barbados, Eastern Caribbean' },
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
