import { Link, useLocation } from '../../../lib/router';
import { inlineLink } from './auth-shell';

/** The "Back to login" line under the password screens. */
export function BackToLogin() {
  return (
    <p>
      <Link to="/login" className={inlineLink}>
        Back to login
      </Link>
    </p>
  );
}

/**
 * The footer of login and signup: a link to the other one (keeping where to go back to afterwards), then
 * the way home.
 */
export function SwitchAuthLinks({ question, to, label }: { question: string; to: string; label: string }) {
  const { state } = useLocation();
  return (
    <>
      <p>
        {question}{' '}
        <Link to={to} state={state} className={inlineLink}>
          {label}
        </Link>
      </p>
      <p>
        <Link to="/" className={inlineLink}>
          Back to home
        </Link>
      </p>
    </>
  );
}
