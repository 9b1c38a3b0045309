"""The API's documentation pages, ``/docs`` (Swagger UI) and ``/redoc``, served without the
internet: FastAPI's own pages load their scripts from a CDN, which a server on a machine
without it (or a browser behind a strict proxy) cannot reach, leaving a blank page.  The
scripts come from the ``fastapi-offline`` package (Swagger UI 5, which reads FastAPI's
OpenAPI 3.1, and ReDoc), served under ``/docs/assets/``.
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from starlette.staticfiles import StaticFiles

ASSETS = "/docs/assets"


def add_docs(app: FastAPI) -> None:
    """``/docs``, ``/redoc`` and their files on ``app`` (made with ``docs_url=None`` and
    ``redoc_url=None``)."""
    openapi = app.openapi_url or "/openapi.json"
    title = app.title

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui():
        return get_swagger_ui_html(openapi_url=openapi, title=f"{title} API",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url="/favicon.ico")

    @app.get("/redoc", include_in_schema=False)
    async def redoc():
        return get_redoc_html(openapi_url=openapi, title=f"{title} API",
                              redoc_js_url=f"{ASSETS}/redoc.standalone.js",
                              redoc_favicon_url="/favicon.ico", with_google_fonts=False)

    static = files("fastapi_offline") / "static"
    app.mount(ASSETS, StaticFiles(directory=str(static)), name="docs-assets")
