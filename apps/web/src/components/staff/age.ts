/** How long ago an instant was, in the words a list of waiting work needs: "today", "3 days". */
export function ageOf(iso: string, now: number = Date.now()): string {
  const days = Math.floor((now - new Date(iso).getTime()) / (24 * 3600 * 1000));
  if (days < 1) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}
