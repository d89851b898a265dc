// Light, dark, or as the system says (prefers-color-scheme): the choice is a preference of
// the reader, kept in localStorage, not part of a shared view.

const ORDER = ['auto', 'light', 'dark'];

export function setup(button) {
  let theme = 'auto';
  try { theme = localStorage.getItem('urlkit-theme') || 'auto'; } catch { /* storage off */ }
  if (!ORDER.includes(theme)) theme = 'auto';
  const apply = () => {
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    button.textContent = `Theme: ${theme}`;
    button.setAttribute('aria-label', `Colour theme: ${theme} (press to change)`);
  };
  button.addEventListener('click', () => {
    theme = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length];
    try { localStorage.setItem('urlkit-theme', theme); } catch { /* storage off */ }
    apply();
  });
  apply();
}
