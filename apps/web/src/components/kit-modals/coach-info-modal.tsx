import { useConfig } from '../../lib/config.ts';
import { Modal } from '../ui/modal.tsx';
import { COACH_INFO_TEXTS } from './kit-modal-texts.ts';

/** Coach info: how booking a Microbiome Coach session works (the grey 'How to book' tile opens it too). */
export function CoachInfoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { supportPhone } = useConfig();
  return (
    <Modal open={open} onClose={onClose} title={COACH_INFO_TEXTS.title} informational>
      <ul className="coach-info">
        {COACH_INFO_TEXTS.facts.map((fact) => {
          const [before, after] = fact.split('{supportPhone}');
          return (
            <li key={fact}>
              {after === undefined ? (
                fact
              ) : (
                <>
                  {before}
                  <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>
                  {after}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
