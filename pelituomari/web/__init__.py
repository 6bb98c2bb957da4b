"""The table's own web page: the game live on every phone at the table, and what the camera cannot
see (declarations, fines drunk, pauses, undo, corrections) entered from a phone that has joined.

Pure parts (views, sheets, record) need only the standard library, so `pelituomari sheet --format
html` runs without the web extra; the server parts (app, feed, server) need starlette and uvicorn.
"""
