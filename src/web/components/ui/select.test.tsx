// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from './select';

afterEach(cleanup);

const selectedAttr = (select: HTMLElement) =>
  Array.from(select.querySelectorAll('option[selected]')).map((o) => (o as HTMLOptionElement).value);

function Controlled() {
  const [kind, setKind] = useState('tutor');
  return (
    <>
      <Select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value)}>
        <option value="nanny">Nanny</option>
        <option value="tutor">Tutor</option>
        <option value="housekeeper">Housekeeper</option>
      </Select>
      <output>{kind}</output>
    </>
  );
}

function Registered() {
  const { register, watch } = useForm({ defaultValues: { parish: 'St. Ann' } });
  return (
    <>
      <Select aria-label="Parish" {...register('parish')}>
        <option value="Kingston">Kingston</option>
        <option value="St. Ann">St. Ann</option>
      </Select>
      <output>{watch('parish')}</output>
    </>
  );
}

/**
 * Issue 15: HTML_CodeSniffer (pa11y) reports "This select element does not have a value available to an
 * accessibility API" when no option carries the selected attribute, which a select rendered in the browser
 * never has. The chosen option is written into the markup and follows the choice.
 */
describe('Select', () => {
  it('a controlled select marks its chosen option and follows a change, keeping onChange', () => {
    render(<Controlled />);
    const select = screen.getByLabelText('Kind');
    expect(selectedAttr(select)).toEqual(['tutor']);
    fireEvent.change(select, { target: { value: 'housekeeper' } });
    expect(screen.getByRole('status')).toHaveTextContent('housekeeper');
    expect(selectedAttr(select)).toEqual(['housekeeper']);
    expect(select).toHaveValue('housekeeper');
  });

  it('a react-hook-form select (ref and onChange from register) marks its default and keeps working', () => {
    render(<Registered />);
    const select = screen.getByLabelText('Parish');
    expect(select).toHaveValue('St. Ann');
    expect(selectedAttr(select)).toEqual(['St. Ann']);
    fireEvent.change(select, { target: { value: 'Kingston' } });
    expect(screen.getByRole('status')).toHaveTextContent('Kingston');
    expect(selectedAttr(select)).toEqual(['Kingston']);
  });
});
