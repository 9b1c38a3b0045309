"""The API's documentation pages, ``/docs`` (Swagger UI) and ``/redoc``, served without the
internet: FastAPI's own pages load their scripts from a CDN, which a server on a machine
without it (or a browser behind a strict proxy) cannot reach, leaving a blank page.  The
scripts come from the ``fastapi-offline`` package (Swagger UI 5, which reads FastAPI's
OpenAPI 3.1, and ReDoc), served under ``/docs/assets/``.

``/docs`` follows the pages' colour theme: the player's choice (``pentarena-theme`` in
localStorage, theme.js) or else the system's light or dark.  Swagger UI's stylesheet has a
dark look of its own under ``html.dark-mode`` (its standalone layout's toggle, which
FastAPI's page does not load); ``/docs/theme.js``, a classic script in the page's head,
sets that class before the page is drawn and as the system or the choice changes.

``/redoc`` follows it too: ReDoc has no dark look of its own, only its ``theme`` option;
``/docs/redoc-theme.js``, a classic script between the ``<redoc>`` element and ReDoc's own,
gives that element a theme in the pages' dark colours while ``theme.js`` (in its head too)
says dark (ReDoc reads it as it starts) and, as that changes, draws the page again.
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from starlette.staticfiles import StaticFiles

ASSETS = "/docs/assets"
THEME_JS = """// /docs in the pages' colour theme (apidocs.py): Swagger UI's html.dark-mode
(() => {
  const system = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let chosen = null;
    try { chosen = localStorage.getItem("pentarena-theme"); } catch (e) { /* no storage */ }
    const dark = chosen === "dark" || (chosen !== "light" && system.matches);
    document.documentElement.classList.toggle("dark-mode", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  };
  apply();
  system.addEventListener("change", apply);
  addEventListener("storage", (e) => { if (e.key === "pentarena-theme" || e.key === null) apply(); });
})();
"""
# the page's margin around Swagger UI's box, which the dark look leaves white
THEME_CSS = "<style>html.dark-mode body { background: #1c2022; }</style>"

REDOC_THEME_JS = """// /redoc in the pages' colour theme (apidocs.py): ReDoc's theme option
(() => {
  const DARK = {
    colors: { primary: { main: "#6aa5ff" }, text: { primary: "#ebe6dd", secondary: "#aaa398" },
      border: { dark: "#3d3933", light: "#2f2b26" } },
    schema: { nestedBackground: "#211f1c", linesColor: "#5a5247", typeNameColor: "#aaa398",
      typeTitleColor: "#ebe6dd" },
    typography: { code: { color: "#f0c05a", backgroundColor: "#2c2925" },
      links: { color: "#6aa5ff", visited: "#6aa5ff", hover: "#a3c8ff" } },
    sidebar: { backgroundColor: "#211f1c", textColor: "#ebe6dd", activeTextColor: "#6aa5ff",
      arrow: { color: "#aaa398" } },
    rightPanel: { backgroundColor: "#0e0d0b", textColor: "#ebe6dd" },
    codeBlock: { backgroundColor: "#1b1a17" },
  };
  const el = document.querySelector("redoc");
  const root = document.documentElement;
  let shown = null;
  const apply = () => {  // (theme.js, in the head, sets html.dark-mode: followed here)
    const dark = root.classList.contains("dark-mode");
    if (dark === shown) return;
    const first = shown === null;
    shown = dark;
    // ReDoc reads the element's theme as it starts, and again when drawn again
    if (dark) el.setAttribute("theme", JSON.stringify(DARK)); else el.removeAttribute("theme");
    if (!first && window.Redoc) window.Redoc.init(el.getAttribute("spec-url"), {}, el);
  };
  apply();
  new MutationObserver(apply).observe(root, { attributes: true, attributeFilter: ["class"] });
})();
"""
# ReDoc's page around its panels (its middle one has no background of its own)
REDOC_CSS = "<style>html.dark-mode body { background: #161513; color: #ebe6dd; }</style>"


def add_docs(app: FastAPI) -> None:
    """``/docs``, ``/redoc`` and their files on ``app`` (made with ``docs_url=None`` and
    ``redoc_url=None``)."""
    openapi = app.openapi_url or "/openapi.json"
    title = app.title

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui():
        page = get_swagger_ui_html(openapi_url=openapi, title=f"{title} API",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url="/favicon.ico")
        html = page.body.decode().replace(
            "<head>", f'<head>\n<script src="/docs/theme.js"></script>\n{THEME_CSS}', 1)
        return HTMLResponse(html)

    @app.get("/docs/theme.js", include_in_schema=False)
    async def docs_theme():
        return Response(THEME_JS, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    @app.get("/docs/redoc-theme.js", include_in_schema=False)
    async def redoc_theme():
        return Response(REDOC_THEME_JS, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    @app.get("/redoc", include_in_schema=False)
    async def redoc():
        script = f'<script src="{ASSETS}/redoc.standalone.js">'
        page = get_redoc_html(openapi_url=openapi, title=f"{title} API",
                              redoc_js_url=f"{ASSETS}/redoc.standalone.js",
                              redoc_favicon_url="/favicon.ico", with_google_fonts=False)
        # the theme's script before ReDoc's, once the <redoc> element is there
        html = page.body.decode().replace(
            "<head>", f'<head>\n<script src="/docs/theme.js"></script>\n{REDOC_CSS}', 1).replace(
            script, f'<script src="/docs/redoc-theme.js"></script>\n{script}', 1)
        return HTMLResponse(html)

    static = files("fastapi_offline") / "static"
    app.mount(ASSETS, StaticFiles(directory=str(static)), name="docs-assets")
