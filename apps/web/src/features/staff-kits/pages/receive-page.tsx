import { receiveSample } from '../api.ts';
import { ScanStation } from '../components/scan-station.tsx';

/**
 * LAB: scan each sample as it arrives; it is marked RECEIVED_BY_LAB (the owner is emailed). A sample
 * whose kit is in the wrong state is refused with the reason, and nothing changes.
 */
export function ReceivePage() {
  return (
    <>
      <h1>Receive samples</h1>
      <ScanStation
        label="Sample received"
        hint="Scan the sample tube’s barcode or type its sample id or kit id, then press Enter."
        onScan={receiveSample}
        describe={(kit) => `${kit.label}: sample ${kit.sampleIdentifier} received`}
      />
    </>
  );
}
