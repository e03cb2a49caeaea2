"""A body larger than its route takes (``core.middleware.RequestSizeMiddleware``) is
refused with 413 and the site's German page before anything reads it: no upload handler runs,
nothing is written to the temporary directory. The import takes its own, larger limit
(``MAX_IMPORT_REQUEST_BYTES``); every other route ``MAX_REQUEST_BYTES``."""

import io

import pytest
from django.core.files.uploadhandler import FileUploadHandler
from django.test import Client
from django.urls import reverse

from core.limits import MAX_IMPORT_BYTES, MAX_IMPORT_REQUEST_BYTES, MAX_REQUEST_BYTES
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table

pytestmark = pytest.mark.django_db

CALLS: list[str] = []


class Spy(FileUploadHandler):
    """Notes that Django began to read an upload (it stands before Django's own handlers)."""

    def handle_raw_input(self, *args, **kwargs):
        CALLS.append("read")

    def receive_data_chunk(self, raw_data, start):
        return raw_data

    def file_complete(self, file_size):
        return None


@pytest.fixture
def uploads(settings, tmp_path):
    """Django's upload handlers behind the spy, their temporary files in an empty directory."""
    CALLS.clear()
    settings.FILE_UPLOAD_HANDLERS = [
        f"{__name__}.Spy", *settings.FILE_UPLOAD_HANDLERS,
    ]
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    return tmp_path


@pytest.fixture
def link():
    event = make_event()
    table = make_table(make_round(event), [make_entry(event, n) for n in (1, 2, 3)])
    return reverse("sheet-link", args=[make_sheet(table).token])


def multipart(size: int) -> bytes:
    return (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n'
        + b"0" * size + b"\r\n--x--\r\n"
    )


def anonymous() -> Client:
    """Anyone: the CSRF check on, a CSRF cookie of their own making (so the check reads the
    body for the form's token)."""
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    return client


def test_a_large_anonymous_post_to_a_sheet_link_is_refused_unread(uploads, link):
    """The probe's case: the upload was stored before the CSRF check refused it."""
    client = anonymous()
    response = client.post(
        link, multipart(3 * 2**20), content_type="multipart/form-data; boundary=x"
    )
    assert response.status_code == 413
    html = response.content.decode()
    assert "Zu viele Daten" in html and "höchstens 1,0\xa0MB" in html
    assert "Es wurde nichts gespeichert." in html
    assert CALLS == [] and list(uploads.iterdir()) == []


def test_a_body_at_the_limit_is_read(uploads, link):
    client = anonymous()
    body = multipart(MAX_REQUEST_BYTES - len(multipart(0)))
    response = client.post(link, body, content_type="multipart/form-data; boundary=x")
    assert response.status_code == 403  # read, and refused by the CSRF check
    assert CALLS == ["read"]


@pytest.mark.parametrize("length", ["", "500"], ids=["none", "understated"])
def test_no_more_of_a_body_is_read_than_its_length_says(uploads, link, length):
    """A chunked body (no length: gunicorn and runserver pass it so) is not read at all; a
    length smaller than the body is read as far as it says."""
    stream = io.BytesIO(b"csrfmiddlewaretoken=" + b"1" * (3 * 2**20))
    response = anonymous().generic(
        "POST", link, b"",  # no data: the environment below is the request's
        **{"wsgi.input": stream, "CONTENT_LENGTH": length,
           "CONTENT_TYPE": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 403  # no token read, refused by the CSRF check
    assert stream.tell() == int(length or 0)


def csv_of(rows: int) -> bytes:
    """A valid participant list of ``rows`` players with long notes, about 1 kB a row."""
    lines = [f"Spieler {number};".encode() + b"n" * 990 for number in range(1, rows + 1)]
    return b"\n".join([b"Name;Notizen", *lines]) + b"\n"


def test_an_import_under_its_limit_is_read(uploads, client, organiser):
    event = make_event(organiser=organiser)
    data = csv_of(1500)
    assert MAX_REQUEST_BYTES < len(data) <= MAX_IMPORT_BYTES
    file = io.BytesIO(data)
    file.name = "liste.csv"
    response = client.post(reverse("import", args=[event.slug]), {"file": file})
    assert response.status_code == 302, response.content.decode()[:300]
    assert CALLS == ["read"]


def test_an_import_over_its_limit_is_refused_with_the_message(uploads, client, organiser):
    event = make_event()
    file = io.BytesIO(b"Name\n" + b"x" * MAX_IMPORT_REQUEST_BYTES)
    file.name = "liste.csv"
    response = client.post(reverse("import", args=[event.slug]), {"file": file})
    assert response.status_code == 413
    assert "Die Datei ist zu groß: höchstens 2 MB." in response.content.decode()
    assert CALLS == [] and list(uploads.iterdir()) == []
