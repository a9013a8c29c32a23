import { describe, expect, it, vi } from 'vitest';
import { signOutHearing } from './auth';

/** This tab's end of the channel, and another tab saying it signed out (the browser delivers it). */
function tabs() {
  const channel = new EventTarget();
  return {
    channel,
    otherTabSignsOut: () => channel.dispatchEvent(new MessageEvent('message', { data: 'signed-out' })),
  };
}

describe('a sign-out in another tab (SPEC §4)', () => {
  it('reaches a tab that listens, each time, and not once it stopped listening', () => {
    const { channel, otherTabSignsOut } = tabs();
    const hearing = signOutHearing(channel);
    const listener = vi.fn();
    const stop = hearing.on(listener);
    otherTabSignsOut();
    otherTabSignsOut();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    otherTabSignsOut();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reaches a tab whose app subscribed only after it was said (a server-rendered page still hydrating), once', () => {
    const { channel, otherTabSignsOut } = tabs();
    const hearing = signOutHearing(channel);
    otherTabSignsOut();
    const listener = vi.fn();
    const stop = hearing.on(listener);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    // Said once, heard once: the next subscriber (the app mounted again) is not told it again.
    const again = vi.fn();
    hearing.on(again)();
    expect(again).not.toHaveBeenCalled();
  });

  it('ignores other messages', () => {
    const channel = new EventTarget();
    const hearing = signOutHearing(channel);
    channel.dispatchEvent(new MessageEvent('message', { data: 'hello' }));
    const listener = vi.fn();
    hearing.on(listener);
    channel.dispatchEvent(new MessageEvent('message', { data: { kind: 'signed-out' } }));
    expect(listener).not.toHaveBeenCalled();
  });
});
