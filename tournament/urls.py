from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament import views

urlpatterns = [
    path("", views.home, name="home"),
    path("turnier/<slug:slug>/", views.event_detail, name="event-detail"),
    # registration
    # seating plan, printouts and the public seat lookup
    path("", include("scoring.urls")),
    path("anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
