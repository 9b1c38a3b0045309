"""The local server: lobby REST API, one WebSocket per table connection, persistence."""
