// A stored time as the admin shows it: to the minute, in UTC (as stored, so the CSV and the CLI
// agree with the screen), with the exact time for machines.
export function UtcTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{`${iso.slice(0, 16).replace("T", " ")} UTC`}</time>;
}
