import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** Recovery codes, shown this once: each opens one sign-in without the app. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <Alert tone="warning">
        Save these codes somewhere safe now: they are shown only this once. Each one signs you in once without
        your phone.
      </Alert>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button onClick={onDone}>I have saved my codes</Button>
    </section>
  );
}
