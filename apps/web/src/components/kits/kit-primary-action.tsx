import { type Kit, kitPrimaryAction } from '@portal/domain';
import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { KITS_TEXTS } from './kit-texts.ts';

/** The one action of a kit's summary: Select option, View report or Order a replacement kit. */
export function KitPrimaryAction({
  kit,
  onSelectOption,
  onRequestReplacement,
}: {
  kit: Kit;
  onSelectOption: (kit: Kit) => void;
  onRequestReplacement?: ((kit: Kit) => void) | undefined;
}) {
  const action = kitPrimaryAction(kit);
  if (action === 'SELECT_OPTION')
    return <Button onClick={() => onSelectOption(kit)}>{KITS_TEXTS.selectOption}</Button>;
  if (action === 'VIEW_REPORT')
    return (
      <Link
        className="button button-primary"
        to={`/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`}
      >
        {KITS_TEXTS.viewReport}
      </Link>
    );
  if (action === 'ORDER_REPLACEMENT' && onRequestReplacement)
    return <Button onClick={() => onRequestReplacement(kit)}>{KITS_TEXTS.replacementOrder}</Button>;
  return null;
}
