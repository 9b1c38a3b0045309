// The colour theme: System (the default: the system's light or dark, CSS's
// prefers-color-scheme), Light or Dark, chosen in the pages' <select class="theme-pick">
// and kept in localStorage.  A choice is data-theme="light" | "dark" on <html> (the CSS's
// variables follow it); theme-init.js puts it there before the page is drawn.
export const THEME_KEY = "pentarena-theme";
export const THEMES = ["system", "light", "dark"];

export function storedTheme() {
  try {
    const theme = localStorage.getItem(THEME_KEY);
    return THEMES.includes(theme) ? theme : "system";
  } catch { return "system"; }
}

// the theme on <html> and in every picker of the page
export function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  else delete root.dataset.theme;
  for (const pick of document.querySelectorAll("select.theme-pick")) pick.value = theme;
}

export function setTheme(theme) {
  try {
    if (theme === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch { /* no storage: this page only */ }
  applyTheme(theme);
}

// the page's pickers, and a choice made in another tab
export function initTheme() {
  applyTheme(storedTheme());
  for (const pick of document.querySelectorAll("select.theme-pick")) {
    pick.addEventListener("change", () => setTheme(pick.value));
  }
  addEventListener("storage", (e) => { if (e.key === THEME_KEY || e.key === null) applyTheme(storedTheme()); });
}
