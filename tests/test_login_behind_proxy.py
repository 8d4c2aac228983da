"""login throttling behind the documented reverse proxy (issue 23, item 10): the lock is keyed
on the client's own address, read from ``X-Forwarded-For`` only when the connection comes from
a proxy named in ``TRUSTED_PROXIES``. Five wrong passwords from one client lock that client
only; a forged header from anyone else changes nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import reverse

from config.client_ip import trusted_proxies

URL = reverse("login")
RIGHT = "a-long-test-password"
PROXY = "10.0.0.2"
ATTACKER = "203.0.113.9"
ARBITER = "198.51.100.7"


@pytest.fixture(autouse=True)
def throttling(settings) -> None:
    settings.AXES_ENABLED = True
    settings.TRUSTED_PROXIES = trusted_proxies(f"{PROXY}, 192.168.0.0/16")


def attempt(client: Client, password: str, remote: str, forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return client.post(
        URL, {"username": "arbiter", "password": password}, REMOTE_ADDR=remote, headers=headers
    )


@pytest.mark.django_db
def test_a_stranger_behind_the_proxy_cannot_lock_the_arbiter_out(arbiter: User) -> None:
    stranger, owner = Client(), Client()
    for _ in range(5):
        attempt(stranger, "wrong", PROXY, ATTACKER)
    assert attempt(stranger, RIGHT, PROXY, ATTACKER).status_code == 429  # the stranger is locked
    assert attempt(owner, RIGHT, PROXY, ARBITER).status_code == 302  # the arbiter is not


@pytest.mark.django_db
def test_the_address_the_trusted_proxies_saw_counts_not_what_the_client_wrote(
    arbiter: User,
) -> None:
    """A client's own X-Forwarded-For entries are left of what the proxies appended: changing
    them does not escape the lock. Proxy chain: client -> 192.168.1.1 -> PROXY."""
    client = Client()
    for i in range(5):
        attempt(client, "wrong", PROXY, f"1.2.3.{i}, {ATTACKER}, 192.168.1.1")
    assert attempt(client, RIGHT, PROXY, f"9.9.9.9, {ATTACKER}, 192.168.1.1").status_code == 429
    assert attempt(Client(), RIGHT, PROXY, f"{ARBITER}, 192.168.1.1").status_code == 302


@pytest.mark.django_db
def test_a_forwarded_header_from_an_untrusted_address_is_ignored(arbiter: User) -> None:
    client = Client()
    for i in range(5):  # a new forged address each time: still one client, locked
        attempt(client, "wrong", ATTACKER, f"1.2.3.{i}")
    assert attempt(client, RIGHT, ATTACKER, ARBITER).status_code == 429
    assert attempt(Client(), RIGHT, ARBITER).status_code == 302


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    assert trusted_proxies(" 10.0.0.2 ,172.16.0.0/12,, ::1") == [
        "10.0.0.2/32",
        "172.16.0.0/12",
        "::1/128",
    ]
    with pytest.raises(ImproperlyConfigured, match=r"TRUSTED_PROXIES: 'proxy\.local'"):
        trusted_proxies("proxy.local")
