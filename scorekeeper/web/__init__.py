"""The live score board in a browser (``scorekeeper board``): a read-only page served over HTTP.

``board`` turns a stored game into plain data, ``page`` draws it as HTML, ``server`` watches
the store and serves both (``app``: Starlette routes on uvicorn, imported by the serving
commands only); the command is :mod:`scorekeeper.cli.board`. No Textual.
"""

DEFAULT_HOST = "127.0.0.1"  # this computer only; --lan or --host opens it to the network
DEFAULT_PORT = 8765
