import {
  PARTS_IN_FLIGHT,
  profileBody,
  type ResultsPreviewItem,
  STAFF_KIT_MESSAGES,
  sampleFromFileName,
  UPLOAD_PART,
} from '@portal/domain';
import { isMergedTable, ProfileError, splitMergedProfiles } from '@portal/domain/report';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { previewResults, staffKitsKeys, storeResults } from './api.ts';

/**
 * The results upload's steps in the browser: read the files (a merged table is split into one profile
 * per sample here, with the domain's splitMergedProfiles), preview them on the server in parts, then
 * confirm the accepted ones by the ids the preview gave (the server kept what it parsed and scored,
 * decision 061), counting as it goes for the progress bar. Nothing is stored before the staff
 * member confirms.
 */

export type UploadItem = {
  key: string;
  fileName: string;
  sampleIdentifier: string | null;
  text: string;
  preview: ResultsPreviewItem | null;
  /** Why the item is refused: found in the browser, by the preview or by the store. */
  refusal: string | null;
  stored: boolean;
  /** The sample of an earlier profile of this upload with the very same abundances (a copied file). */
  copyOf: string | null;
  /** The server's id of the previewed part this item was in: the confirm sends it, not the file. */
  uploadId: string | null;
};

export type Phase = 'idle' | 'reading' | 'previewing' | 'previewed' | 'storing' | 'stored';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;

/** One item per sample: a file named by its sample, or each column of a merged table. */
export async function readUploads(files: File[]): Promise<UploadItem[]> {
  const items: UploadItem[] = [];
  const item = (
    fileName: string,
    sampleIdentifier: string | null,
    text: string,
    refusal: string | null = null,
  ) =>
    items.push({
      key: `${items.length}`,
      fileName,
      sampleIdentifier,
      text,
      preview: null,
      refusal,
      stored: false,
      copyOf: null,
      uploadId: null,
    });
  for (const file of files) {
    const text = await file.text();
    if (!isMergedTable(text)) {
      item(file.name, sampleFromFileName(file.name), text);
      continue;
    }
    try {
      for (const { column, text: profile } of splitMergedProfiles(text))
        item(`${file.name}, column ${column}`, sampleFromFileName(column), profile);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      item(file.name, null, '', `The table was refused: ${error.message}`);
    }
  }
  // A sample twice in one upload: the first counts, the others are refused before anything is sent.
  // The same abundances under two samples are flagged across the whole upload (the server sees a part).
  const first = new Map<string, string>();
  const bodies = new Map<string, string>();
  for (const it of items) {
    if (it.refusal || !it.sampleIdentifier) continue;
    const earlier = first.get(it.sampleIdentifier);
    if (earlier) {
      it.refusal = STAFF_KIT_MESSAGES.duplicateInUpload(it.sampleIdentifier, earlier);
      continue;
    }
    first.set(it.sampleIdentifier, it.fileName);
    const body = profileBody(it.text);
    const copied = bodies.get(body);
    if (copied) it.copyOf = copied;
    else bodies.set(body, it.sampleIdentifier);
  }
  return items;
}

const parts = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / UPLOAD_PART) }, (_, i) =>
    list.slice(i * UPLOAD_PART, (i + 1) * UPLOAD_PART),
  );

/** Sends every part through `send`, PARTS_IN_FLIGHT at a time; the first failure stops the rest. */
export async function eachPart<T>(list: T[], send: (part: T[]) => Promise<void>): Promise<void> {
  const queue = parts(list);
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await send(part);
  };
  await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, worker));
}
const profileOf = (it: UploadItem) => ({
  fileName: it.fileName,
  text: it.text,
  ...(it.sampleIdentifier ? { sampleIdentifier: it.sampleIdentifier } : {}),
});

export function useResultsUpload() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [done, setDone] = useState(0);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const update = (changed: UploadItem[]) =>
    setItems((all) => all.map((it) => changed.find((c) => c.key === it.key) ?? it));

  async function choose(files: File[]) {
    setError(null);
    setPhase('reading');
    const read = await readUploads(files);
    setItems(read);
    const toCheck = read.filter((it) => !it.refusal);
    setPhase('previewing');
    setDone(0);
    setTotal(toCheck.length);
    try {
      await eachPart(toCheck, async (part) => {
        const { items: previews, uploadId } = await previewResults({ profiles: part.map(profileOf) });
        update(
          part.map((it, i) => ({
            ...it,
            preview: previews[i] ?? null,
            refusal: previews[i]?.refusal ?? null,
            uploadId,
          })),
        );
        setDone((n) => n + part.length);
      });
      setPhase('previewed');
    } catch (e) {
      setError(messageOf(e));
      setPhase('idle');
    }
  }

  async function store() {
    const accepted = items.filter((it) => it.preview && !it.refusal && !it.stored && it.uploadId);
    setError(null);
    setPhase('storing');
    setDone(0);
    setTotal(accepted.length);
    // One confirm per previewed part: the server stores what it kept under the part's id.
    const byUpload = new Map<string, UploadItem[]>();
    for (const it of accepted)
      byUpload.set(it.uploadId ?? '', [...(byUpload.get(it.uploadId ?? '') ?? []), it]);
    const queue = [...byUpload.entries()];
    const confirm = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [uploadId, group] = next;
        const { items: outcomes } = await storeResults({ uploadId });
        const bySample = new Map(outcomes.map((o) => [o.sampleIdentifier, o]));
        update(
          group.map((it) => {
            const outcome = bySample.get(it.sampleIdentifier ?? '');
            return {
              ...it,
              stored: outcome?.stored ?? false,
              refusal: outcome ? outcome.refusal : 'The server did not answer for this profile.',
              uploadId: null,
            };
          }),
        );
        setDone((n) => n + group.length);
      }
    };
    try {
      await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, confirm));
      setPhase('stored');
    } catch (e) {
      setError(messageOf(e));
      setPhase('previewed');
    } finally {
      await queryClient.invalidateQueries({ queryKey: staffKitsKeys.all });
    }
  }

  const reset = () => {
    setItems([]);
    setPhase('idle');
    setError(null);
  };

  return { items, phase, done, total, error, choose, store, reset };
}
