// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Input } from './input';
import { PasswordInput } from './password-input';

afterEach(cleanup);

/**
 * Issue 15: HTML_CodeSniffer (pa11y) rejects autocomplete="given-name" on an input without a type
 * ("does not belong to Text control group"). The type is written out, on the server and in the browser.
 */
describe('Input', () => {
  it('writes type="text" when no type is given, so its autocomplete token is valid', () => {
    render(<Input aria-label="First name" autoComplete="given-name" />);
    expect(screen.getByLabelText('First name')).toHaveAttribute('type', 'text');
    expect(renderToString(<Input aria-label="Name" autoComplete="name" />)).toContain('type="text"');
  });

  it('keeps a type it is given', () => {
    render(<Input aria-label="E-mail" type="email" autoComplete="email" />);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    render(<PasswordInput aria-label="Password" autoComplete="current-password" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });
});
