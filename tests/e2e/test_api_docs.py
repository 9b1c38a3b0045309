"""The API's documentation pages in a real browser cut off from everything but the server:
they must draw the whole API from the server's own files (FastAPI's default pages load
Swagger UI from a CDN and were blank without the internet), and /docs' "Try it out" must
reach the API through the pages' Content-Security-Policy."""

from __future__ import annotations

from urllib.parse import urlsplit

from .helpers import until


def offline(page) -> list[str]:
    """Abort every request that would leave the machine; the list of those tried."""
    tried: list[str] = []

    def route(r):
        if urlsplit(r.request.url).hostname in ("127.0.0.1", "localhost"):
            r.continue_()
        else:
            tried.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return tried


def test_swagger_ui_draws_the_api_and_tries_a_request_offline(server, new_page):
    page = new_page()
    tried = offline(page)
    csp_errors: list[str] = []
    page.on("console", lambda m: csp_errors.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.goto(server.url + "/docs")
    until(page, "document.querySelectorAll('.opblock').length > 10")
    paths = page.eval_on_selector_all(".opblock-summary-path",
                                      "els => els.map(e => e.dataset.path)")
    assert "/api/health" in paths and "/api/tables" in paths
    health = page.locator(".opblock", has=page.locator('[data-path="/api/health"]'))
    health.locator(".opblock-summary").click()
    health.locator("button.try-out__btn").click()
    health.locator("button.execute").click()
    status = ".live-responses-table tr.response .response-col_status"
    until(page, f"document.querySelector('{status}')")
    assert health.locator(status).first.inner_text() == "200"
    body = health.locator(".live-responses-table .microlight").first.inner_text()
    assert '"status": "ok"' in body
    assert tried == [] and csp_errors == [] and page.errors == []


def test_redoc_draws_the_api_offline(server, new_page):
    page = new_page()
    tried = offline(page)
    page.goto(server.url + "/redoc")
    until(page, "document.body.innerText.includes('/api/health')")
    assert "Pentarena" in page.title()
    assert tried == [] and page.errors == []

