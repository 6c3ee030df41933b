import { useStaffOverview } from '@/api/endpoints/console/console';

/**
 * The console's gate and the signed-in staff member's role, from `/api/staff/overview`
 * (which answers 404 to anyone who is not staff).
 */
export function useStaff() {
  const overview = useStaffOverview({ query: { retry: false } });
  const data = overview.data?.data;
  return { overview, data };
}
