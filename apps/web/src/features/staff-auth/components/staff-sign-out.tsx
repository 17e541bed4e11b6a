import { Button } from '../../../components/ui/button.tsx';
import { useStaffSignOut } from '../../../lib/staff.ts';

/** Signs out and comes back to the staff sign-in. */
export function StaffSignOut({ variant = 'link' }: { variant?: 'link' | 'secondary' | 'quiet' }) {
  const signOut = useStaffSignOut();
  return (
    <Button variant={variant} busy={signOut.isPending} onClick={() => signOut.mutate()}>
      Sign out
    </Button>
  );
}
