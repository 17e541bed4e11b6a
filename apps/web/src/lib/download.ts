import { apiErrorSchema, ERROR_CODES } from '@portal/domain';
import { ApiError, freshAccessToken } from './api-client.ts';
import { CLIENT_MESSAGES } from './messages.ts';

async function pdfError(response: Response): Promise<ApiError> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return new ApiError(response.status, parsed.data.message, parsed.data.code);
  return new ApiError(response.status, CLIENT_MESSAGES.unexpected, ERROR_CODES.internal);
}

/**
 * PDFs and the other downloads need the bearer token, so a plain link cannot fetch them: the file is fetched here and saved
 * through an object URL, which the browser treats as an ordinary download.
 */
export async function downloadPdf(path: string, filename: string): Promise<void> {
  return downloadFile(path, filename, 'application/pdf');
}

/** Any file of the API that needs the bearer token, saved as `filename` (see downloadPdf). */
export async function downloadFile(path: string, filename: string, accept: string): Promise<void> {
  const token = await freshAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: { Accept: accept, Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, CLIENT_MESSAGES.network, 'NETWORK_ERROR');
  }
  if (!response.ok) throw await pdfError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; give them a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
