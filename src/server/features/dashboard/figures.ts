/** How the dashboards write instants and money (numeric strings, as in the API shapes). */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const cents = (v: string | number) => Math.round(Number(v) * 100);
export const money = (c: number) => (c / 100).toFixed(2);
