import { UNDER_AGE_BANNERS, underAgeBanner, withBrand } from '@portal/domain';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { useConfig } from '../../lib/config.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

export function UnderAgeBanner() {
  const { brandName } = useConfig();
  const user = useCurrentUser();
  const banner = user.data ? underAgeBanner(user.data) : null;
  if (!banner) return null;
  return (
    <Alert tone="warning" className="banner">
      <p>{withBrand(banner.text, brandName)}</p>
      {banner.kind === 'missing' ? <Link to="/profile">{UNDER_AGE_BANNERS.completeNow}</Link> : null}
    </Alert>
  );
}
