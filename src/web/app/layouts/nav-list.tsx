import type { PublicUser } from '../../features/auth/api';
import { NavLink } from '../../lib/router';
import { LOGGED_OUT_NAV, NAV_BY_ROLE } from '../nav-links';
import { UnreadMessagesBadge } from './signed-in-extras';

/** The user's menu entries (by role, or the visitor's) as NavLinks; Messages carries the unread count. */
export function NavList({
  user,
  listClassName,
  linkClassName,
  onNavigate,
}: {
  user: PublicUser | null | undefined;
  listClassName: string;
  linkClassName: (state: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const items = user ? NAV_BY_ROLE[user.userType] : LOGGED_OUT_NAV;
  return (
    <ul className={listClassName}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClassName} onClick={onNavigate} end>
            {item.label}
            {user && item.to === '/messages' ? <UnreadMessagesBadge /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
