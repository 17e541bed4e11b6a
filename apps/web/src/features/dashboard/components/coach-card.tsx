import { useState } from 'react';
import { CoachInfoModal } from '../../../components/kit-modals/coach-info-modal.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The Microbiome Coach widget: what the call is, and how booking works. */
export function CoachCard() {
  const [infoOpen, setInfoOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="coach-title">
      <h2 id="coach-title">Microbiome Coach</h2>
      <p>Each kit includes a 15-minute call with a Microbiome Coach to talk through your report.</p>
      <Button variant="secondary" onClick={() => setInfoOpen(true)}>
        How to book a coach session
      </Button>
      <CoachInfoModal open={infoOpen} onClose={() => setInfoOpen(false)} />
    </section>
  );
}
