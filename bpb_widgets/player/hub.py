"""The player page's address behind JupyterHub or Binder.

There the kernel runs on a machine of the hub's, so its 127.0.0.1 is nobody's browser. The page
is reached instead through jupyter-server-proxy, a Jupyter server extension that forwards
``<the user's server>/proxy/<port>/`` to ``localhost:<port>`` for whoever is logged in to the
server (the hub's login first, then the page's own token). The page's links are relative, so it
works under that path. JupyterHub tells a kernel where it runs by environment variables:
``JUPYTERHUB_SERVICE_PREFIX`` (the user's server's path, such as ``/user/ann/``), and, where the
hub knows them, ``JUPYTERHUB_PUBLIC_URL`` (that server's whole public address) or
``JUPYTERHUB_HOST`` (the hub's origin, with subdomains).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping

PREFIX = "JUPYTERHUB_SERVICE_PREFIX"


def proxied_url(port: int, token: str, environ: Mapping[str, str] = os.environ) -> str | None:
    """The page's address through jupyter-server-proxy when this kernel runs behind JupyterHub
    or Binder (None elsewhere): a whole URL when the hub says its public address, else the path
    on the hub (``/user/ann/proxy/8765/?token=...``), to open in a browser logged in to it."""
    prefix = environ.get(PREFIX)
    if not prefix:
        return None
    server = environ.get("JUPYTERHUB_PUBLIC_URL") or (
        environ.get("JUPYTERHUB_HOST", "").rstrip("/") + "/" + prefix.strip("/")
    )
    return f"{server.rstrip('/')}/proxy/{port}/?token={token}"


def proxy_installed() -> bool:
    """Whether jupyter-server-proxy is importable here (on a hub, the kernel and the Jupyter
    server usually share one environment)."""
    return importlib.util.find_spec("jupyter_server_proxy") is not None
