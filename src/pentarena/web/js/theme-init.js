// The colour theme the player chose (theme.js keeps it), put on <html> before the page is
// drawn, so that it never shows the other theme first.  A classic script, loaded in <head>:
// the Content-Security-Policy allows no inline script.  No choice: the system's (the CSS's
// prefers-color-scheme).
try {
  const theme = localStorage.getItem("pentarena-theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch (e) { /* no storage (a private window's settings): the system's theme */ }
