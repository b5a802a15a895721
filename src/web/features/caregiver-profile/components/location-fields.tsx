import { PARISHES, type Parish } from '../../../../shared/catalog';
import { TOWNS_BY_PARISH } from '../../../../shared/towns-by-parish';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';

/** Parish, then a town of that parish: every town of the catalog, not just a few. */
export function LocationFields({
  parish,
  town,
  onChange,
  errors = {},
  idPrefix,
}: {
  parish: string;
  town: string;
  onChange: (next: { parish: string; town: string }) => void;
  errors?: { parish?: string; town?: string };
  idPrefix: string;
}) {
  const towns = TOWNS_BY_PARISH.find((p) => p.parish === parish)?.towns ?? [];
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="Parish" error={errors.parish} id={`${idPrefix}-parish`}>
        <Select
          value={parish}
          onChange={(e) => {
            const next = e.target.value as Parish | '';
            const nextTowns = TOWNS_BY_PARISH.find((p) => p.parish === next)?.towns ?? [];
            onChange({ parish: next, town: nextTowns.length === 1 ? nextTowns[0] : '' });
          }}
        >
          <option value="">Choose your parish</option>
          {PARISHES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Town" error={errors.town} id={`${idPrefix}-town`}>
        <Select value={town} disabled={!parish} onChange={(e) => onChange({ parish, town: e.target.value })}>
          <option value="">{parish ? 'Choose your town' : 'Choose a parish first'}</option>
          {towns.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
