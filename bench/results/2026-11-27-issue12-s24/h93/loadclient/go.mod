module h93/loadclient

go 1.26.8
