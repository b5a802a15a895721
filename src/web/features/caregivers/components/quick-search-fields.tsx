import type { ComponentProps, ReactNode } from 'react';
import { CAREGIVER_KINDS } from '../../../../shared/catalog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** One option per caregiver kind, for the care-type selects of the home and search pages. */
export function CaregiverKindOptions() {
  return CAREGIVER_KINDS.map((k) => (
    <option key={k.value} value={k.value}>
      {k.label}
    </option>
  ));
}

/** The "Location" box of the home hero and the search page's quick bar (a town or parish, typed). */
export function LocationSearchField({
  id,
  value,
  onValueChange,
  children,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'placeholder'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Location</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        placeholder="Town or parish, e.g. Kingston"
        {...inputProps}
      />
      {children}
    </div>
  );
}
