from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament import views

urlpatterns = [
    path("", views.home, name="home"),
    path("turnier/<slug:slug>/", views.event_detail, name="event-detail"),
    # registration
    path("neues-turnier/", views.event_create, name="event-create"),
    path("turnier/<slug:slug>/bearbeiten/", views.event_edit, name="event-edit"),
    path("turnier/<slug:slug>/teilnehmer/neu/", views.entry_create, name="entry-create"),
    path("turnier/<slug:slug>/teilnehmer/<int:pk>/", views.entry_edit, name="entry-edit"),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/abmelden/",
        views.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/wieder-anmelden/",
        views.entry_reinstate,
        name="entry-reinstate",
    ),
    path("turnier/<slug:slug>/import/", views.import_upload, name="import"),
    path(
        "turnier/<slug:slug>/import/beispiel.csv", views.import_example, name="import-example"
    ),
    path("turnier/<slug:slug>/import/<str:key>/", views.import_preview, name="import-preview"),
    path("turnier/<slug:slug>/protokoll/", views.change_log, name="change-log"),
    # seating plan, printouts and the public seat lookup
    path("turnier/<slug:slug>/sitzplan/", views.plan_page, name="plan"),
    path("turnier/<slug:slug>/sitzplan/erstellen/", views.plan_generate, name="plan-generate"),
    path("turnier/<slug:slug>/sitzplan/verwerfen/", views.plan_discard, name="plan-discard"),
    path("turnier/<slug:slug>/sitzplan/tauschen/", views.plan_swap, name="plan-swap"),
    path("turnier/<slug:slug>/sitzplan/ersetzen/", views.plan_replace, name="plan-replace"),
    path(
        "turnier/<slug:slug>/sitzplan/durchgang/<int:number>/freigabe/",
        views.plan_release,
        name="plan-release",
    ),
    path(
        "turnier/<slug:slug>/druck/sitzplan/",
        views.plan_printout,
        {"kind": "plan"},
        name="print-plan",
    ),
    path(
        "turnier/<slug:slug>/druck/startnummern/",
        views.plan_printout,
        {"kind": "numbers"},
        name="print-numbers",
    ),
    path(
        "turnier/<slug:slug>/druck/namen/",
        views.plan_printout,
        {"kind": "names"},
        name="print-names",
    ),
    path(
        "turnier/<slug:slug>/druck/tischkarten/",
        views.plan_printout,
        {"kind": "cards"},
        name="print-cards",
    ),
    path(
        "turnier/<slug:slug>/druck/spielzettel/",
        views.plan_printout,
        {"kind": "sheets"},
        name="print-sheets",
    ),
    path(
        "turnier/<slug:slug>/druck/laufzettel/",
        views.plan_printout,
        {"kind": "slips"},
        name="print-slips",
    ),
    path("turnier/<slug:slug>/mein-platz/", views.seat_lookup, name="seat-lookup"),
    path("", include("scoring.urls")),
    path("anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
