"""A pytest plugin that runs networkx's own tests with the backend named by
``NETWORKX_TEST_BACKEND``, as networkx's test configuration does when networkx is installed
from its repository (an installed wheel lacks the test backend that configuration needs, so
it runs with ``--noconftest`` and this plugin instead).

Functions the backend does not implement, or declines through ``can_run``, run in networkx
(``fallback_to_nx``); the backend's ``on_start_tests`` marks the tests it cannot pass.
"""

import os

import networkx as nx

BACKEND = os.environ.get("NETWORKX_TEST_BACKEND", "geography")


def pytest_configure(config):
    nx.config.fallback_to_nx = True
    dispatchable = nx.utils.backends._dispatchable
    dispatchable.__call__ = dispatchable._call_if_any_backends_installed


def pytest_collection_modifyitems(config, items):
    nx.utils.backends._dispatchable._is_testing = True
    nx.config.backend_priority.algos = [BACKEND]
    nx.config.backend_priority.generators = [BACKEND]
    backend = nx.utils.backends.backends[BACKEND].load()
    backend.on_start_tests(items)
