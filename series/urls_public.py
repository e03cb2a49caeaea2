"""Public routes of the series app: a series' public standings (the Cup)."""

from django.urls import path

from series import views as series

urlpatterns = [
    path("cup/<slug:series>/", series.public_series, name="public-series"),
]
