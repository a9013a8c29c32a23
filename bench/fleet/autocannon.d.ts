// The part of autocannon's API the fleet harness uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
  }
  interface Result {
    '2xx': number;
    non2xx: number;
    duration: number;
    latency: { p50: number; p99: number };
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
