import { Link } from 'react-router';
import { KITS_TEXTS } from './kit-texts.ts';

/** An empty state's next step: the dashboard's redeem dialog, where a kit is activated. */
export function ActivateKitLink() {
  return (
    <Link className="button button-secondary" to="/dashboard?showModal=REDEEM">
      {KITS_TEXTS.activateKit}
    </Link>
  );
}
