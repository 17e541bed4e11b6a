import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startLoading } from './app/app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
startLoading(queryClient);
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
