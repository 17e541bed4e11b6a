import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useConfig } from '../../../lib/config.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

/** Research spec §4 and §8: reports of different versions are not compared online; closing clears the later one. */
export function IncompatibleDialog({
  open,
  code,
  onClose,
}: {
  open: boolean;
  code: string;
  onClose: () => void;
}) {
  const { supportPhone } = useConfig();
  return (
    <Modal open={open} onClose={onClose} title={REPORT_TEXTS.incompatibleTitle} informational>
      <p>{REPORT_TEXTS.incompatible(code, supportPhone)}</p>
      <div className="form-actions">
        <Button onClick={onClose}>{REPORT_TEXTS.incompatibleOk}</Button>
      </div>
    </Modal>
  );
}
