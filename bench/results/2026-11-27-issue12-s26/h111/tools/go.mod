module h111tools

go 1.24
