/** /caregiver-dashboard-enhanced shows the same dashboard as /caregiver-dashboard. */
export { default } from './caregiver-dashboard-page';
