import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrateTheRest, startHydrating } from './hydrate-later';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setCount((value) => value + 1);
      }}
    >
      {label} {count}
    </button>
  );
}

/** A page: a heading hydrated at once, then two regions that wait for their turns. */
function Page({ log }: { log: string[] }) {
  log.push('page');
  return (
    <div>
      <h1>Make a payment</h1>
      <Counter label="now" />
      <HydrateLater name="form">
        <section>
          <Counter label="form" />
          <p>Amount due</p>
        </section>
      </HydrateLater>
      <HydrateLater name="nothing">{null}</HydrateLater>
      <HydrateLater name="footer">
        <footer>
          <Counter label="footer" />
        </footer>
        <p>Version 1</p>
      </HydrateLater>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const button = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('button')].find((one) => one.textContent.startsWith(label));

let container: HTMLElement;
afterEach(() => {
  container.remove();
});

describe('a server-rendered page hydrated in turns', () => {
  it('keeps the server’s markup, hydrates each region in a later task of its own, then says it is done', async () => {
    const html = renderToString(<Page log={[]} />);
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = [...container.querySelectorAll('*')];

    startHydrating();
    hydrateRoot(container, <Page log={[]} />);
    let done = false;
    hydrateTheRest(() => {
      done = true;
    });

    // After the first pass: the markup is the server's, node for node; only the part outside the regions
    // answers.
    expect(container.innerHTML).toBe(html);
    button(container, 'now')?.click();
    button(container, 'form')?.click();
    await Promise.resolve();
    expect(button(container, 'now')?.textContent).toBe('now 1');
    expect(button(container, 'form')?.textContent).toBe('form 0');

    // The form's turn: it answers; the footer does not yet.
    await nextTask();
    button(container, 'form')?.click();
    button(container, 'footer')?.click();
    await Promise.resolve();
    expect(button(container, 'form')?.textContent).toBe('form 1');
    expect(button(container, 'footer')?.textContent).toBe('footer 0');
    expect(done).toBe(false);

    // The empty region's turn, then the footer's (a region of two elements), then done.
    await nextTask();
    await nextTask();
    button(container, 'footer')?.click();
    await Promise.resolve();
    expect(button(container, 'footer')?.textContent).toBe('footer 1');
    await nextTask();
    expect(done).toBe(true);
    expect(container.innerHTML).toBe(
      html.replace('footer 0', 'footer 1').replace('form 0', 'form 1').replace('now 0', 'now 1'),
    );
    // No element was made anew: every one of them is the server's.
    expect([...container.querySelectorAll('*')]).toEqual(before);
  });

  it('keeps a waiting region’s markup when the page around it renders again meanwhile', async () => {
    function Frame() {
      const [wide, setWide] = useState(false);
      return (
        <div data-wide={String(wide)}>
          <button
            type="button"
            onClick={() => {
              setWide(true);
            }}
          >
            widen
          </button>
          <HydrateLater name="form">
            <section>
              <Counter label="form" />
            </section>
          </HydrateLater>
        </div>
      );
    }
    const html = renderToString(<Frame />);
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const section = container.querySelector('section');

    startHydrating();
    hydrateRoot(container, <Frame />);
    let done = false;
    hydrateTheRest(() => {
      done = true;
    });
    // The frame renders again (the real width replaced the assumed one) before the region's turn.
    button(container, 'widen')?.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(container.querySelector('div')?.dataset.wide).toBe('true');
    expect(container.querySelector('section')).toBe(section);
    expect(button(container, 'form')?.textContent).toBe('form 0');

    await nextTask();
    await nextTask();
    expect(done).toBe(true);
    expect(container.querySelector('section')).toBe(section);
    button(container, 'form')?.click();
    await Promise.resolve();
    expect(button(container, 'form')?.textContent).toBe('form 1');
  });

  it('renders a region at once when the page is not being hydrated', () => {
    container = document.createElement('div');
    document.body.append(container);
    hydrateRoot(container, <Page log={[]} />);
    expect(container.querySelector('section p')?.textContent).toBe('Amount due');
    expect(container.querySelector('footer button')?.textContent).toBe('footer 0');
  });
});
