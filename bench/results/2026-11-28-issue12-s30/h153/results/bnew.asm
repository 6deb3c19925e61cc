TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB) /tmp/s30/h153/repo/cache/decide.go
  decide.go:124		0x5feba0		4c8da42458fdffff	LEAQ 0xfffffd58(SP), R12							
  decide.go:124		0x5feba8		4d3b6610		CMPQ R12, 0x10(R14)								
  decide.go:124		0x5febac		0f86ab170000		JBE 0x60035d									
  decide.go:124		0x5febb2		55			PUSHQ BP									
  decide.go:124		0x5febb3		4889e5			MOVQ SP, BP									
  decide.go:124		0x5febb6		4881ec20030000		SUBQ $0x320, SP									
  decide.go:124		0x5febbd		48898c2458030000	MOVQ CX, 0x358(SP)								
  decide.go:124		0x5febc5		4889b42468030000	MOVQ SI, 0x368(SP)								
  decide.go:127		0x5febcd		4889842448030000	MOVQ AX, 0x348(SP)								
  decide.go:127		0x5febd5		48899c2450030000	MOVQ BX, 0x350(SP)								
  decide.go:127		0x5febdd		4c898c2478030000	MOVQ R9, 0x378(SP)								
  decide.go:127		0x5febe5		44889c2488030000	MOVB R11, 0x388(SP)								
  decide.go:127		0x5febed		4c89842470020000	MOVQ R8, 0x270(SP)								
  decide.go:127		0x5febf5		4889b42418030000	MOVQ SI, 0x318(SP)								
  decide.go:127		0x5febfd		4889bc2468020000	MOVQ DI, 0x268(SP)								
  decide.go:127		0x5fec05		48898c2410030000	MOVQ CX, 0x310(SP)								
  decide.go:126		0x5fec0d		8403			TESTB AL, 0(BX)									
  decide.go:125		0x5fec0f		498b11			MOVQ 0(R9), DX									
  decide.go:125		0x5fec12		48899424d8020000	MOVQ DX, 0x2d8(SP)								
  decide.go:125		0x5fec1a		4d8b6108		MOVQ 0x8(R9), R12								
  decide.go:125		0x5fec1e		4c89a424d8000000	MOVQ R12, 0xd8(SP)								
  decide.go:125		0x5fec26		4d8b6910		MOVQ 0x10(R9), R13								
  decide.go:125		0x5fec2a		4c89ac24e0000000	MOVQ R13, 0xe0(SP)								
  decide.go:125		0x5fec32		450fb67920		MOVZX 0x20(R9), R15								
  decide.go:125		0x5fec37		44887c246e		MOVB R15, 0x6e(SP)								
  decide.go:127		0x5fec3c		4d85d2			TESTQ R10, R10									
  decide.go:128		0x5fec3f		41bb00000000		MOVL $0x0, R11									
  decide.go:128		0x5fec45		4d0f4cd3		CMOVL R11, R10									
  decide.go:128		0x5fec49		4c89942460020000	MOVQ R10, 0x260(SP)								
  decide.go:126		0x5fec51		833d38f3560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:126		0x5fec58		746c			JE 0x5fecc6									
  decide.go:126		0x5fec5a		8403			TESTB AL, 0(BX)									
  decide.go:126		0x5fec5c		488d055daa1e00		LEAQ 0x1eaa5d(IP), AX								
  decide.go:126		0x5fec63		e89853e2ff		CALL runtime.wbZero(SB)								
  decide.go:129		0x5fec68		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:129		0x5fec70		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:155		0x5fec78		488b9424d8020000	MOVQ 0x2d8(SP), DX								
  decide.go:126		0x5fec80		488b9c2450030000	MOVQ 0x350(SP), BX								
  decide.go:129		0x5fec88		488bb42418030000	MOVQ 0x318(SP), SI								
  decide.go:129		0x5fec90		488bbc2468020000	MOVQ 0x268(SP), DI								
  decide.go:129		0x5fec98		4c8b842470020000	MOVQ 0x270(SP), R8								
  decide.go:125		0x5feca0		4c8b8c2478030000	MOVQ 0x378(SP), R9								
  decide.go:304		0x5feca8		4c8b942460020000	MOVQ 0x260(SP), R10								
  decide.go:155		0x5fecb0		4c8ba424d8000000	MOVQ 0xd8(SP), R12								
  decide.go:155		0x5fecb8		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:150		0x5fecc0		440fb67c246e		MOVZX 0x6e(SP), R15								
  decide.go:126		0x5fecc6		440f113b		MOVUPS X15, 0(BX)								
  decide.go:126		0x5fecca		440f117b10		MOVUPS X15, 0x10(BX)								
  decide.go:126		0x5feccf		440f117b20		MOVUPS X15, 0x20(BX)								
  decide.go:126		0x5fecd4		440f117b30		MOVUPS X15, 0x30(BX)								
  decide.go:126		0x5fecd9		440f117b40		MOVUPS X15, 0x40(BX)								
  decide.go:126		0x5fecde		440f117b50		MOVUPS X15, 0x50(BX)								
  decide.go:126		0x5fece3		440f117b60		MOVUPS X15, 0x60(BX)								
  decide.go:126		0x5fece8		440f117b68		MOVUPS X15, 0x68(BX)								
  time.go:182		0x5feced		4c8b9c2430030000	MOVQ 0x330(SP), R11								
  time.go:182		0x5fecf5		490fbae33f		BTQ $0x3f, R11									
  decide.go:127		0x5fecfa		731f			JAE 0x5fed1b									
  time.go:183		0x5fecfc		4f8d141b		LEAQ 0(R11)(R11*1), R10								
  time.go:183		0x5fed00		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5fed04		49bb807fb1d70d000000	MOVQ $0xdd7b17f80, R11								
  time.go:183		0x5fed0e		4d01da			ADDQ R11, R10									
  time.go:1433		0x5fed11		4c89942498000000	MOVQ R10, 0x98(SP)								
  time.go:189		0x5fed19		eb20			JMP 0x5fed3b									
  decide.go:127		0x5fed1b		4889842408030000	MOVQ AX, 0x308(SP)								
  time.go:1433		0x5fed23		488b842438030000	MOVQ 0x338(SP), AX								
  time.go:1433		0x5fed2b		4889842498000000	MOVQ AX, 0x98(SP)								
  decide.go:129		0x5fed33		488b842408030000	MOVQ 0x308(SP), AX								
  decide.go:129		0x5fed3b		4889cb			MOVQ CX, BX									
  decide.go:129		0x5fed3e		4889f9			MOVQ DI, CX									
  decide.go:129		0x5fed41		4889f7			MOVQ SI, DI									
  decide.go:129		0x5fed44		4c89c6			MOVQ R8, SI									
  decide.go:129		0x5fed47		e834820000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)	
  decide.go:129		0x5fed4c		48898424e8020000	MOVQ AX, 0x2e8(SP)								
  time.go:189		0x5fed54		488b942498000000	MOVQ 0x98(SP), DX								
  time.go:189		0x5fed5c		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  time.go:189		0x5fed66		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  time.go:189		0x5fed6a		4c899424b8000000	MOVQ R10, 0xb8(SP)								
  decide.go:130		0x5fed72		4885db			TESTQ BX, BX									
  decide.go:130		0x5fed75		757e			JNE 0x5fedf5									
  decide.go:131		0x5fed77		488b9424d8020000	MOVQ 0x2d8(SP), DX								
  decide.go:131		0x5fed7f		48891424		MOVQ DX, 0(SP)									
  decide.go:131		0x5fed83		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:131		0x5fed8b		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:131		0x5fed90		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:131		0x5fed98		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:131		0x5fed9d		4889c3			MOVQ AX, BX									
  decide.go:131		0x5feda0		488bbc2468020000	MOVQ 0x268(SP), DI								
  decide.go:131		0x5feda8		488bb42418030000	MOVQ 0x318(SP), SI								
  decide.go:131		0x5fedb0		4c8b842470020000	MOVQ 0x270(SP), R8								
  decide.go:131		0x5fedb8		4989c9			MOVQ CX, R9									
  decide.go:131		0x5fedbb		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:131		0x5fedc3		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:131		0x5fedcb		e850890000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).findOrInsert(SB)	
  decide.go:199		0x5fedd0		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:199		0x5fedd8		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:163		0x5fede2		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:133		0x5fedea		4889c3			MOVQ AX, BX									
  stale.go:16		0x5feded		488b8424e8020000	MOVQ 0x2e8(SP), AX								
  decide.go:133		0x5fedf5		48899c24f0020000	MOVQ BX, 0x2f0(SP)								
  mutex.go:46		0x5fedfd		90			NOPL										
  decide.go:129		0x5fedfe		4889c1			MOVQ AX, CX									
  mutex.go:63		0x5fee01		31c0			XORL AX, AX									
  mutex.go:63		0x5fee03		41bc01000000		MOVL $0x1, R12									
  mutex.go:63		0x5fee09		f0440fb123		LOCK CMPXCHGL R12, 0(BX)							
  mutex.go:63		0x5fee0e		410f94c4		SETE R12									
  mutex.go:63		0x5fee12		4584e4			TESTL R12, R12									
  mutex.go:63		0x5fee15		7532			JNE 0x5fee49									
  mutex.go:70		0x5fee17		4889d8			MOVQ BX, AX									
  mutex.go:70		0x5fee1a		e8c1a9e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  stale.go:16		0x5fee1f		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:199		0x5fee27		488b942498000000	MOVQ 0x98(SP), DX								
  entry.go:163		0x5fee2f		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  entry.go:163		0x5fee37		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:163		0x5fee41		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:143		0x5fee49		90			NOPL										
  entry.go:163		0x5fee4a		4d85d2			TESTQ R10, R10									
  entry.go:163		0x5fee4d		41bc00000000		MOVL $0x0, R12									
  entry.go:163		0x5fee53		4d89d3			MOVQ R10, R11									
  entry.go:163		0x5fee56		4d0f4cd4		CMOVL R12, R10									
  entry.go:163		0x5fee5a		41bdffffffff		MOVL $-0x1, R13									
  entry.go:163		0x5fee60		4d39d5			CMPQ R13, R10									
  entry.go:163		0x5fee63		4d0f4cd5		CMOVL R13, R10									
  entry.go:163		0x5fee67		44895308		MOVL R10, 0x8(BX)								
  entry.go:290		0x5fee6b		440fb66b1e		MOVZX 0x1e(BX), R13								
  decide.go:144		0x5fee70		90			NOPL										
  stale.go:15		0x5fee71		90			NOPL										
  entry.go:290		0x5fee72		41f6c504		TESTL $0x4, R13									
  entry.go:163		0x5fee76		7543			JNE 0x5feebb									
  stale.go:16		0x5fee78		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:133		0x5fee80		4889da			MOVQ BX, DX									
  stale.go:16		0x5fee83		4889cb			MOVQ CX, BX									
  stale.go:16		0x5fee86		4889d1			MOVQ DX, CX									
  stale.go:16		0x5fee89		e852a20000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).markUnread(SB)	
  decide.go:304		0x5fee8e		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:199		0x5fee96		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:155		0x5fee9e		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:155		0x5feea6		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:304		0x5feeb0		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x5feeb8		4531e4			XORL R12, R12									
  decide.go:125		0x5feebb		4c8bac2478030000	MOVQ 0x378(SP), R13								
  decide.go:125		0x5feec3		4d8d7d24		LEAQ 0x24(R13), R15								
  decide.go:149		0x5feec7		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:149		0x5feecf		49394518		CMPQ 0x18(R13), AX								
  decide.go:149		0x5feed3		747e			JE 0x5fef53									
  decide.go:150		0x5feed5		0fb674246e		MOVZX 0x6e(SP), SI								
  decide.go:150		0x5feeda		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:150		0x5feee0		4084f6			TESTL SI, SI									
  decide.go:150		0x5feee3		0f8446140000		JE 0x60032f									
  decide.go:154		0x5feee9		c744247000000000	MOVL $0x0, 0x70(SP)								
  decide.go:155		0x5feef1		4889d8			MOVQ BX, AX									
  decide.go:155		0x5feef4		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:155		0x5feefc		488b8c24d8000000	MOVQ 0xd8(SP), CX								
  decide.go:155		0x5fef04		488bbc24e0000000	MOVQ 0xe0(SP), DI								
  decide.go:155		0x5fef0c		e8af9e0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).sizesCode(SB)	
  decide.go:155		0x5fef11		895c2470		MOVL BX, 0x70(SP)								
  decide.go:304		0x5fef15		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:199		0x5fef1d		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:324		0x5fef25		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:324		0x5fef2d		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:304		0x5fef37		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x5fef3f		4531e4			XORL R12, R12									
  decide.go:189		0x5fef42		89c6			MOVL AX, SI									
  decide.go:154		0x5fef44		4c8d7c2470		LEAQ 0x70(SP), R15								
  decide.go:324		0x5fef49		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:156		0x5fef51		eb05			JMP 0x5fef58									
  decide.go:189		0x5fef53		0fb674246e		MOVZX 0x6e(SP), SI								
  decide.go:189		0x5fef58		4c89bc24e0020000	MOVQ R15, 0x2e0(SP)								
  decide.go:189		0x5fef60		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:189		0x5fef68		4983fd01		CMPQ R13, $0x1									
  decide.go:189		0x5fef6c		0f853e070000		JNE 0x5ff6b0									
  decide.go:324		0x5fef72		0fb67b1e		MOVZX 0x1e(BX), DI								
  decide.go:324		0x5fef76		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:324		0x5fef7f		90			NOPL										
  decide.go:324		0x5fef80		40f6c720		TESTL $0x20, DI									
  decide.go:324		0x5fef84		0f8526070000		JNE 0x5ff6b0									
  decide.go:324		0x5fef8a		80787800		CMPB 0x78(AX), $0x0								
  decide.go:189		0x5fef8e		0f851c070000		JNE 0x5ff6b0									
  decide.go:199		0x5fef94		440fb64b1f		MOVZX 0x1f(BX), R9								
  decide.go:199		0x5fef99		4183e10f		ANDL $0xf, R9									
  decide.go:199		0x5fef9d		0f1f00			NOPL 0(AX)									
  decide.go:199		0x5fefa0		4438ce			CMPL SI, R9									
  decide.go:199		0x5fefa3		0f85f5060000		JNE 0x5ff69e									
  decide.go:198		0x5fefa9		458b0f			MOVL 0(R15), R9									
  decide.go:198		0x5fefac		44894c2474		MOVL R9, 0x74(SP)								
  decide.go:198		0x5fefb1		4d63d1			MOVSXD R9, R10									
  decide.go:198		0x5fefb4		448b4b0c		MOVL 0xc(BX), R9								
  decide.go:199		0x5fefb8		4c29ca			SUBQ R9, DX									
  decide.go:199		0x5fefbb		4c01c2			ADDQ R8, DX									
  decide.go:199		0x5fefbe		6690			NOPW										
  decide.go:199		0x5fefc0		4939d2			CMPQ R10, DX									
  decide.go:199		0x5fefc3		0f86c3060000		JBE 0x5ff68c									
  decide.go:197		0x5fefc9		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:197		0x5fefcd		4889942458020000	MOVQ DX, 0x258(SP)								
  decide.go:189		0x5fefd5		4d89fa			MOVQ R15, R10									
  decide.go:197		0x5fefd8		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:197		0x5fefe0		4d8b07			MOVQ 0(R15), R8									
  decide.go:197		0x5fefe3		4c89842450020000	MOVQ R8, 0x250(SP)								
  decide.go:330		0x5fefeb		4883fa01		CMPQ DX, $0x1									
  decide.go:330		0x5fefef		7e4e			JLE 0x5ff03f									
  decide.go:330		0x5feff1		49c1f83f		SARQ $0x3f, R8									
  decide.go:330		0x5feff5		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5fefff		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:330		0x5ff007		49f7ec			IMULQ R12									
  decide.go:330		0x5ff00a		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:330		0x5ff00e		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5ff012		4c29c0			SUBQ R8, AX									
  decide.go:330		0x5ff015		4c8ba42458020000	MOVQ 0x258(SP), R12								
  decide.go:330		0x5ff01d		0f1f00			NOPL 0(AX)									
  decide.go:330		0x5ff020		4939c4			CMPQ R12, AX									
  decide.go:199		0x5ff023		0f8f51060000		JG 0x5ff67a									
  decide.go:324		0x5ff029		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:199		0x5ff031		4c89e2			MOVQ R12, DX									
  decide.go:204		0x5ff034		4c8b842450020000	MOVQ 0x250(SP), R8								
  decide.go:204		0x5ff03c		4531e4			XORL R12, R12									
  decide.go:199		0x5ff03f		4c8d920100ffff		LEAQ 0xffff0001(DX), R10							
  decide.go:199		0x5ff046		49f7da			NEGQ R10									
  decide.go:199		0x5ff049		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:199		0x5ff051		4d39d4			CMPQ R12, R10									
  decide.go:199		0x5ff054		0f8f66060000		JG 0x5ff6c0									
  decide.go:189		0x5ff05a		408874246e		MOVB SI, 0x6e(SP)								
  decide.go:200		0x5ff05f		4c635314		MOVSXD 0x14(BX), R10								
  decide.go:200		0x5ff063		4c89942448020000	MOVQ R10, 0x248(SP)								
  decide.go:201		0x5ff06b		4901d2			ADDQ DX, R10									
  decide.go:202		0x5ff06e		90			NOPL										
  time.go:182		0x5ff06f		4c8bac2430030000	MOVQ 0x330(SP), R13								
  time.go:182		0x5ff077		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ff07c		732d			JAE 0x5ff0ab									
  time.go:183		0x5ff07e		4b8d742d00		LEAQ 0(R13)(R13*1), SI								
  time.go:183		0x5ff083		48c1ee1f		SHRQ $0x1f, SI									
  time.go:183		0x5ff087		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff091		4c01e6			ADDQ R12, SI									
  decide.go:204		0x5ff094		4c8ba42460020000	MOVQ 0x260(SP), R12								
  time.go:1461		0x5ff09c		4889b42488000000	MOVQ SI, 0x88(SP)								
  decide.go:246		0x5ff0a4		0fb674246e		MOVZX 0x6e(SP), SI								
  time.go:189		0x5ff0a9		eb20			JMP 0x5ff0cb									
  decide.go:149		0x5ff0ab		4889842400030000	MOVQ AX, 0x300(SP)								
  time.go:1461		0x5ff0b3		488b842438030000	MOVQ 0x338(SP), AX								
  time.go:1461		0x5ff0bb		4889842488000000	MOVQ AX, 0x88(SP)								
  type.go:80		0x5ff0c3		488b842400030000	MOVQ 0x300(SP), AX								
  decide.go:198		0x5ff0cb		4c898c2440020000	MOVQ R9, 0x240(SP)								
  decide.go:197		0x5ff0d3		498b7708		MOVQ 0x8(R15), SI								
  decide.go:197		0x5ff0d7		4889b42438020000	MOVQ SI, 0x238(SP)								
  decide.go:200		0x5ff0df		48634b10		MOVSXD 0x10(BX), CX								
  decide.go:200		0x5ff0e3		48898c2430020000	MOVQ CX, 0x230(SP)								
  window.go:76		0x5ff0eb		4d69c900ca9a3b		IMULQ $0x3b9aca00, R9, R9							
  time.go:1461		0x5ff0f2		4c8bbc2488000000	MOVQ 0x88(SP), R15								
  time.go:1461		0x5ff0fa		4d69ff00ca9a3b		IMULQ $0x3b9aca00, R15, R15							
  time.go:177		0x5ff101		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ff108		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ff10b		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ff10e		4d29cd			SUBQ R9, R13									
  window.go:76		0x5ff111		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff11b		4d01fd			ADDQ R15, R13									
  decide.go:203		0x5ff11e		90			NOPL										
  window.go:235		0x5ff11f		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff122		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff128		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff12c		4c39ee			CMPQ SI, R13									
  window.go:76		0x5ff12f		4c0f4cee		CMOVL SI, R13									
  window.go:76		0x5ff133		4c89ac24b0000000	MOVQ R13, 0xb0(SP)								
  window.go:148		0x5ff13b		4885c9			TESTQ CX, CX									
  decide.go:128		0x5ff13e		4d89e1			MOVQ R12, R9									
  window.go:148		0x5ff141		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ff147		490f4ccc		CMOVL R12, CX									
  window.go:235		0x5ff14b		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff14e		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff152		4c39ee			CMPQ SI, R13									
  window.go:148		0x5ff155		4c0f4cee		CMOVL SI, R13									
  window.go:148		0x5ff159		4c89ac2490000000	MOVQ R13, 0x90(SP)								
  window.go:148		0x5ff161		4c29ee			SUBQ R13, SI									
  window.go:226		0x5ff164		4c8bac2438020000	MOVQ 0x238(SP), R13								
  window.go:226		0x5ff16c		4939f5			CMPQ R13, SI									
  window.go:235		0x5ff16f		7432			JE 0x5ff1a3									
  window.go:229		0x5ff171		4889c8			MOVQ CX, AX									
  decide.go:197		0x5ff174		4889d1			MOVQ DX, CX									
  window.go:229		0x5ff177		48f7e6			MULQ SI										
  window.go:229		0x5ff17a		660f1f440000		NOPW 0(AX)(AX*1)								
  window.go:230		0x5ff180		4d85ed			TESTQ R13, R13									
  window.go:230		0x5ff183		0f84a1110000		JE 0x60032a									
  window.go:230		0x5ff189		4c39ea			CMPQ DX, R13									
  window.go:230		0x5ff18c		0f8393110000		JAE 0x600325									
  window.go:230		0x5ff192		49f7f5			DIVQ R13									
  share.go:108		0x5ff195		4889ca			MOVQ CX, DX									
  window.go:148		0x5ff198		4889c1			MOVQ AX, CX									
  type.go:80		0x5ff19b		488b842448030000	MOVQ 0x348(SP), AX								
  window.go:149		0x5ff1a3		4d85d2			TESTQ R10, R10									
  window.go:149		0x5ff1a6		4d0f4cd4		CMOVL R12, R10									
  window.go:149		0x5ff1aa		4c01d1			ADDQ R10, CX									
  window.go:149		0x5ff1ad		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  window.go:149		0x5ff1b7		4939cf			CMPQ R15, CX									
  window.go:97		0x5ff1ba		490f42cf		CMOVB R15, CX									
  decide.go:204		0x5ff1be		4d89c2			MOVQ R8, R10									
  decide.go:204		0x5ff1c1		4929c8			SUBQ CX, R8									
  decide.go:204		0x5ff1c4		4c89842428020000	MOVQ R8, 0x228(SP)								
  decide.go:204		0x5ff1cc		4d85c0			TESTQ R8, R8									
  decide.go:204		0x5ff1cf		4d0f4cc4		CMOVL R12, R8									
  decide.go:204		0x5ff1d3		4d29c8			SUBQ R9, R8									
  entry.go:290		0x5ff1d6		40f6c740		TESTL $0x40, DI									
  window.go:149		0x5ff1da		7417			JE 0x5ff1f3									
  type.go:80		0x5ff1dc		8bb870010000		MOVL 0x170(AX), DI								
  writers.go:80		0x5ff1e2		85ff			TESTL DI, DI									
  writers.go:80		0x5ff1e4		7409			JE 0x5ff1ef									
  writers.go:80		0x5ff1e6		0fb67820		MOVZX 0x20(AX), DI								
  writers.go:80		0x5ff1ea		83f701			XORL $0x1, DI									
  writers.go:80		0x5ff1ed		eb06			JMP 0x5ff1f5									
  writers.go:80		0x5ff1ef		31ff			XORL DI, DI									
  writers.go:80		0x5ff1f1		eb02			JMP 0x5ff1f5									
  writers.go:80		0x5ff1f3		31ff			XORL DI, DI									
  window.go:148		0x5ff1f5		4889b42418010000	MOVQ SI, 0x118(SP)								
  window.go:97		0x5ff1fd		48898c2420020000	MOVQ CX, 0x220(SP)								
  decide.go:204		0x5ff205		4c89842410010000	MOVQ R8, 0x110(SP)								
  decide.go:208		0x5ff20d		4084ff			TESTL DI, DI									
  decide.go:208		0x5ff210		0f8481010000		JE 0x5ff397									
  share.go:107		0x5ff216		440fb66324		MOVZX 0x24(BX), R12								
  share.go:107		0x5ff21b		440fb67b25		MOVZX 0x25(BX), R15								
  share.go:107		0x5ff220		4d01e7			ADDQ R12, R15									
  share.go:108		0x5ff223		4885d2			TESTQ DX, DX									
  share.go:108		0x5ff226		7e0b			JLE 0x5ff233									
  share.go:108		0x5ff228		4983ff08		CMPQ R15, $0x8									
  share.go:108		0x5ff22c		7c05			JL 0x5ff233									
  share.go:108		0x5ff22e		4d39fc			CMPQ R12, R15									
  share.go:108		0x5ff231		7505			JNE 0x5ff238									
  decide.go:197		0x5ff233		4889d7			MOVQ DX, DI									
  decide.go:209		0x5ff236		eb28			JMP 0x5ff260									
  share.go:111		0x5ff238		4c0fafe2		IMULQ DX, R12									
  decide.go:127		0x5ff23c		4889c7			MOVQ AX, DI									
  decide.go:560		0x5ff23f		4c89e0			MOVQ R12, AX									
  decide.go:197		0x5ff242		4989d4			MOVQ DX, R12									
  decide.go:560		0x5ff245		31d2			XORL DX, DX									
  decide.go:560		0x5ff247		49f7f7			DIVQ R15									
  decide.go:561		0x5ff24a		4885d2			TESTQ DX, DX									
  decide.go:561		0x5ff24d		410f95c7		SETNE R15									
  share.go:111		0x5ff251		450fb6ff		MOVZX R15, R15									
  share.go:111		0x5ff255		498d1407		LEAQ 0(R15)(AX*1), DX								
  decide.go:304		0x5ff259		4889f8			MOVQ DI, AX									
  decide.go:209		0x5ff25c		4c89e7			MOVQ R12, DI									
  decide.go:209		0x5ff25f		90			NOPL										
  decide.go:209		0x5ff260		4839fa			CMPQ DX, DI									
  decide.go:209		0x5ff263		7420			JE 0x5ff285									
  decide.go:304		0x5ff265		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:304		0x5ff26d		4d89cc			MOVQ R9, R12									
  decide.go:304		0x5ff270		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x5ff278		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:210		0x5ff280		e925100000		JMP 0x6002aa									
  decide.go:212		0x5ff285		4889d8			MOVQ BX, AX									
  decide.go:212		0x5ff288		31db			XORL BX, BX									
  decide.go:212		0x5ff28a		e891920000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:212		0x5ff28f		488d8424c8010000	LEAQ 0x1c8(SP), AX								
  decide.go:212		0x5ff297		4889e1			MOVQ SP, CX									
  decide.go:212		0x5ff29a		440f1031		MOVUPS 0(CX), X14								
  decide.go:212		0x5ff29e		440f1130		MOVUPS X14, 0(AX)								
  decide.go:212		0x5ff2a2		440f107110		MOVUPS 0x10(CX), X14								
  decide.go:212		0x5ff2a7		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:212		0x5ff2ac		440f107120		MOVUPS 0x20(CX), X14								
  decide.go:212		0x5ff2b1		440f117020		MOVUPS X14, 0x20(AX)								
  writers.go:88		0x5ff2b6		488b9424f0020000	MOVQ 0x2f0(SP), DX								
  writers.go:88		0x5ff2be		0fb6725f		MOVZX 0x5f(DX), SI								
  writers.go:87		0x5ff2c2		89f7			MOVL SI, DI									
  writers.go:87		0x5ff2c4		83e67f			ANDL $0x7f, SI									
  writers.go:88		0x5ff2c7		4080ff80		CMPL DI, $0x80									
  writers.go:88		0x5ff2cb		7219			JB 0x5ff2e6									
  type.go:80		0x5ff2cd		4c8b942448030000	MOVQ 0x348(SP), R10								
  type.go:80		0x5ff2d5		458b9a70010000		MOVL 0x170(R10), R11								
  writers.go:89		0x5ff2dc		4d63db			MOVSXD R11, R11									
  writers.go:89		0x5ff2df		4939f3			CMPQ R11, SI									
  writers.go:89		0x5ff2e2		490f4ff3		CMOVG R11, SI									
  writers.go:91		0x5ff2e6		4885f6			TESTQ SI, SI									
  decide.go:213		0x5ff2e9		ba01000000		MOVL $0x1, DX									
  decide.go:213		0x5ff2ee		480f4ef2		CMOVLE DX, SI									
  decide.go:213		0x5ff2f2		488b9c2450020000	MOVQ 0x250(SP), BX								
  decide.go:213		0x5ff2fa		488bbc24b0000000	MOVQ 0xb0(SP), DI								
  decide.go:213		0x5ff302		4989f0			MOVQ SI, R8									
  decide.go:213		0x5ff305		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:213		0x5ff30d		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:213		0x5ff315		488b8c2438020000	MOVQ 0x238(SP), CX								
  decide.go:213		0x5ff31d		0f1f00			NOPL 0(AX)									
  decide.go:213		0x5ff320		e81b950000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:213		0x5ff325		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:213		0x5ff32d		4c29c8			SUBQ R9, AX									
  decide.go:213		0x5ff330		4c8b842410010000	MOVQ 0x110(SP), R8								
  decide.go:213		0x5ff338		4c39c0			CMPQ AX, R8									
  decide.go:213		0x5ff33b		4c89c2			MOVQ R8, DX									
  decide.go:213		0x5ff33e		480f4cd0		CMOVL AX, DX									
  decide.go:324		0x5ff342		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:229		0x5ff34a		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:223		0x5ff352		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:235		0x5ff35a		488bb42418010000	MOVQ 0x118(SP), SI								
  decide.go:215		0x5ff362		4c89c7			MOVQ R8, DI									
  decide.go:548		0x5ff365		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:224		0x5ff36d		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:224		0x5ff375		4531e4			XORL R12, R12									
  decide.go:229		0x5ff378		4c8bac2438020000	MOVQ 0x238(SP), R13								
  decide.go:229		0x5ff380		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:215		0x5ff38a		4989d0			MOVQ DX, R8									
  decide.go:234		0x5ff38d		488b942458020000	MOVQ 0x258(SP), DX								
  writers.go:91		0x5ff395		eb09			JMP 0x5ff3a0									
  decide.go:204		0x5ff397		4c89c7			MOVQ R8, DI									
  decide.go:204		0x5ff39a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:215		0x5ff3a0		4d85c0			TESTQ R8, R8									
  decide.go:215		0x5ff3a3		0f8ca5020000		JL 0x5ff64e									
  decide.go:215		0x5ff3a9		4c8bbc2428020000	MOVQ 0x228(SP), R15								
  decide.go:215		0x5ff3b1		4d39f9			CMPQ R9, R15									
  decide.go:215		0x5ff3b4		0f8f88020000		JG 0x5ff642									
  decide.go:215		0x5ff3ba		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:215		0x5ff3c4		4939ff			CMPQ R15, DI									
  decide.go:215		0x5ff3c7		0f8e8b020000		JLE 0x5ff658									
  decide.go:215		0x5ff3cd		4c89842428010000	MOVQ R8, 0x128(SP)								
  decide.go:223		0x5ff3d5		807b1f0f		CMPB 0x1f(BX), $0xf								
  decide.go:223		0x5ff3d9		770f			JA 0x5ff3ea									
  entry.go:290		0x5ff3db		440fb67b1e		MOVZX 0x1e(BX), R15								
  entry.go:290		0x5ff3e0		41f6c780		TESTL $0x80, R15								
  decide.go:223		0x5ff3e4		0f84b5000000		JE 0x5ff49f									
  decide.go:224		0x5ff3ea		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:224		0x5ff3f2		4883c238		ADDQ $0x38, DX									
  decide.go:224		0x5ff3f6		4889d8			MOVQ BX, AX									
  decide.go:224		0x5ff3f9		4889d3			MOVQ DX, BX									
  decide.go:224		0x5ff3fc		b901000000		MOVL $0x1, CX									
  decide.go:224		0x5ff401		4c89df			MOVQ R11, DI									
  decide.go:224		0x5ff404		e897200000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).reserveRest(SB)	
  decide.go:224		0x5ff409		84c0			TESTL AL, AL									
  decide.go:224		0x5ff40b		7455			JE 0x5ff462									
  decide.go:228		0x5ff40d		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:229		0x5ff415		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:234		0x5ff41d		488b942458020000	MOVQ 0x258(SP), DX								
  entry.go:311		0x5ff425		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:235		0x5ff42d		488bb42418010000	MOVQ 0x118(SP), SI								
  decide.go:551		0x5ff435		488bbc2410010000	MOVQ 0x110(SP), DI								
  decide.go:229		0x5ff43d		4c8b842428010000	MOVQ 0x128(SP), R8								
  decide.go:229		0x5ff445		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:548		0x5ff44d		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:548		0x5ff455		4531e4			XORL R12, R12									
  decide.go:229		0x5ff458		4c8bac2438020000	MOVQ 0x238(SP), R13								
  decide.go:224		0x5ff460		eb3d			JMP 0x5ff49f									
  decide.go:304		0x5ff462		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:304		0x5ff46a		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:304		0x5ff472		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:304		0x5ff47a		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x5ff482		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:304		0x5ff48a		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x5ff492		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:225		0x5ff49a		e90b0e0000		JMP 0x6002aa									
  decide.go:225		0x5ff49f		90			NOPL										
  decide.go:548		0x5ff4a0		4d85d2			TESTQ R10, R10									
  decide.go:548		0x5ff4a3		7f07			JG 0x5ff4ac									
  decide.go:548		0x5ff4a5		b801000000		MOVL $0x1, AX									
  decide.go:228		0x5ff4aa		eb71			JMP 0x5ff51d									
  decide.go:228		0x5ff4ac		440fb698a0000000	MOVZX 0xa0(AX), R11								
  decide.go:551		0x5ff4b4		4885ff			TESTQ DI, DI									
  decide.go:551		0x5ff4b7		490f4cfc		CMOVL R12, DI									
  decide.go:551		0x5ff4bb		4939fa			CMPQ R10, DI									
  decide.go:551		0x5ff4be		490f4cfa		CMOVL R10, DI									
  decide.go:551		0x5ff4c2		4d89d4			MOVQ R10, R12									
  decide.go:551		0x5ff4c5		4929fa			SUBQ DI, R10									
  decide.go:552		0x5ff4c8		49bfae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R15							
  decide.go:552		0x5ff4d2		4d39fc			CMPQ R12, R15									
  decide.go:551		0x5ff4d5		7d17			JGE 0x5ff4ee									
  decide.go:553		0x5ff4d7		4d6bd264		IMULQ $0x64, R10, R10								
  decide.go:553		0x5ff4db		4d0fafdc		IMULQ R12, R11									
  decide.go:553		0x5ff4df		4d39da			CMPQ R10, R11									
  decide.go:553		0x5ff4e2		410f9dc2		SETGE R10									
  decide.go:228		0x5ff4e6		4489d0			MOVL R10, AX									
  decide.go:229		0x5ff4e9		4d89e2			MOVQ R12, R10									
  decide.go:228		0x5ff4ec		eb2f			JMP 0x5ff51d									
  decide.go:555		0x5ff4ee		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:197		0x5ff4f8		4889d7			MOVQ DX, DI									
  decide.go:555		0x5ff4fb		49f7e4			MULQ R12									
  decide.go:555		0x5ff4fe		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x5ff502		4c89d0			MOVQ R10, AX									
  decide.go:555		0x5ff505		4989d7			MOVQ DX, R15									
  decide.go:555		0x5ff508		31d2			XORL DX, DX									
  decide.go:555		0x5ff50a		49f7f7			DIVQ R15									
  decide.go:555		0x5ff50d		4c39d8			CMPQ AX, R11									
  decide.go:555		0x5ff510		410f9dc2		SETGE R10									
  decide.go:234		0x5ff514		4889fa			MOVQ DI, DX									
  decide.go:228		0x5ff517		4489d0			MOVL R10, AX									
  decide.go:229		0x5ff51a		4d89e2			MOVQ R12, R10									
  decide.go:229		0x5ff51d		0f1f00			NOPL 0(AX)									
  decide.go:228		0x5ff520		84c0			TESTL AL, AL									
  entry.go:310		0x5ff522		740f			JE 0x5ff533									
  entry.go:311		0x5ff524		440fb65b1e		MOVZX 0x1e(BX), R11								
  entry.go:311		0x5ff529		4183cb08		ORL $0x8, R11									
  entry.go:311		0x5ff52d		44885b1e		MOVB R11, 0x1e(BX)								
  entry.go:311		0x5ff531		eb0d			JMP 0x5ff540									
  entry.go:313		0x5ff533		440fb65b1e		MOVZX 0x1e(BX), R11								
  entry.go:313		0x5ff538		4183e3f7		ANDL $-0x9, R11									
  entry.go:313		0x5ff53c		44885b1e		MOVB R11, 0x1e(BX)								
  decide.go:229		0x5ff540		4c8b9c2450030000	MOVQ 0x350(SP), R11								
  decide.go:229		0x5ff548		6641c7030101		MOVW $0x101, 0(R11)								
  decide.go:229		0x5ff54e		4d895308		MOVQ R10, 0x8(R11)								
  decide.go:229		0x5ff552		4d896b10		MOVQ R13, 0x10(R11)								
  decide.go:229		0x5ff556		4d894318		MOVQ R8, 0x18(R11)								
  decide.go:229		0x5ff55a		4d8d0409		LEAQ 0(R9)(CX*1), R8								
  decide.go:229		0x5ff55e		4d894320		MOVQ R8, 0x20(R11)								
  decide.go:234		0x5ff562		4c01ca			ADDQ R9, DX									
  decide.go:231		0x5ff565		833d24ea560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:231		0x5ff56c		7416			JE 0x5ff584									
  decide.go:231		0x5ff56e		4d8b4338		MOVQ 0x38(R11), R8								
  decide.go:127		0x5ff572		4c89d8			MOVQ R11, AX									
  decide.go:231		0x5ff575		e8062ae9ff		CALL runtime.gcWriteBarrier2(SB)						
  decide.go:231		0x5ff57a		49891b			MOVQ BX, 0(R11)									
  decide.go:231		0x5ff57d		4d894308		MOVQ R8, 0x8(R11)								
  decide.go:231		0x5ff581		4989c3			MOVQ AX, R11									
  decide.go:231		0x5ff584		49895b38		MOVQ BX, 0x38(R11)								
  decide.go:231		0x5ff588		4d894b40		MOVQ R9, 0x40(R11)								
  decide.go:232		0x5ff58c		8b742474		MOVL 0x74(SP), SI								
  decide.go:232		0x5ff590		41897348		MOVL SI, 0x48(R11)								
  decide.go:232		0x5ff594		488bb42440020000	MOVQ 0x240(SP), SI								
  decide.go:232		0x5ff59c		49897358		MOVQ SI, 0x58(R11)								
  decide.go:233		0x5ff5a0		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:234		0x5ff5a4		4889d8			MOVQ BX, AX									
  decide.go:234		0x5ff5a7		4889d3			MOVQ DX, BX									
  decide.go:234		0x5ff5aa		4c89d1			MOVQ R10, CX									
  decide.go:234		0x5ff5ad		4c89ef			MOVQ R13, DI									
  decide.go:234		0x5ff5b0		e80b200000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).weigh(SB)	
  decide.go:234		0x5ff5b5		488b942448020000	MOVQ 0x248(SP), DX								
  decide.go:234		0x5ff5bd		4801c2			ADDQ AX, DX									
  window.go:195		0x5ff5c0		90			NOPL										
  window.go:197		0x5ff5c1		4885d2			TESTQ DX, DX									
  window.go:235		0x5ff5c4		7e19			JLE 0x5ff5df									
  window.go:198		0x5ff5c6		488b8c2438020000	MOVQ 0x238(SP), CX								
  window.go:198		0x5ff5ce		488d3409		LEAQ 0(CX)(CX*1), SI								
  window.go:198		0x5ff5d2		488b8c2490000000	MOVQ 0x90(SP), CX								
  window.go:198		0x5ff5da		4829ce			SUBQ CX, SI									
  window.go:103		0x5ff5dd		eb32			JMP 0x5ff611									
  window.go:148		0x5ff5df		488b8c2430020000	MOVQ 0x230(SP), CX								
  window.go:148		0x5ff5e7		4885c9			TESTQ CX, CX									
  window.go:199		0x5ff5ea		7e23			JLE 0x5ff60f									
  window.go:199		0x5ff5ec		488b8c2438020000	MOVQ 0x238(SP), CX								
  window.go:199		0x5ff5f4		488b942490000000	MOVQ 0x90(SP), DX								
  window.go:199		0x5ff5fc		0f1f4000		NOPL 0(AX)									
  window.go:199		0x5ff600		4839d1			CMPQ CX, DX									
  window.go:199		0x5ff603		7e0a			JLE 0x5ff60f									
  decide.go:235		0x5ff605		488bb42418010000	MOVQ 0x118(SP), SI								
  window.go:103		0x5ff60d		eb02			JMP 0x5ff611									
  window.go:103		0x5ff60f		31f6			XORL SI, SI									
  decide.go:235		0x5ff611		488b8c2450030000	MOVQ 0x350(SP), CX								
  decide.go:235		0x5ff619		48897130		MOVQ SI, 0x30(CX)								
  decide.go:236		0x5ff61d		90			NOPL										
  mutex.go:65		0x5ff61e		90			NOPL										
  mutex.go:194		0x5ff61f		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x5ff624		488b8424f0020000	MOVQ 0x2f0(SP), AX								
  mutex.go:194		0x5ff62c		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x5ff630		ffcb			DECL BX										
  mutex.go:195		0x5ff632		7405			JE 0x5ff639									
  mutex.go:198		0x5ff634		e887a4e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:237		0x5ff639		4881c420030000		ADDQ $0x320, SP									
  decide.go:237		0x5ff640		5d			POPQ BP										
  decide.go:237		0x5ff641		c3			RET										
  decide.go:237		0x5ff642		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:215		0x5ff64c		eb0a			JMP 0x5ff658									
  decide.go:215		0x5ff64e		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:304		0x5ff658		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:246		0x5ff660		0fb674246e		MOVZX 0x6e(SP), SI								
  decide.go:304		0x5ff665		4d89cc			MOVQ R9, R12									
  decide.go:246		0x5ff668		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x5ff670		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:215		0x5ff678		eb46			JMP 0x5ff6c0									
  decide.go:324		0x5ff67a		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:304		0x5ff682		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:199		0x5ff68a		eb34			JMP 0x5ff6c0									
  decide.go:304		0x5ff68c		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:304		0x5ff694		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:199		0x5ff69c		eb22			JMP 0x5ff6c0									
  decide.go:304		0x5ff69e		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:304		0x5ff6a6		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:199		0x5ff6ae		eb10			JMP 0x5ff6c0									
  decide.go:304		0x5ff6b0		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:304		0x5ff6b8		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:246		0x5ff6c0		4983fd02		CMPQ R13, $0x2									
  decide.go:246		0x5ff6c4		0f85e00b0000		JNE 0x6002aa									
  decide.go:246		0x5ff6ca		4038731f		CMPB 0x1f(BX), SI								
  decide.go:246		0x5ff6ce		0f85d60b0000		JNE 0x6002aa									
  decide.go:324		0x5ff6d4		0fb6531e		MOVZX 0x1e(BX), DX								
  decide.go:324		0x5ff6d8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:324		0x5ff6e0		f6c220			TESTL $0x20, DL									
  decide.go:324		0x5ff6e3		0f85c10b0000		JNE 0x6002aa									
  decide.go:324		0x5ff6e9		80787800		CMPB 0x78(AX), $0x0								
  decide.go:246		0x5ff6ed		0f85b70b0000		JNE 0x6002aa									
  decide.go:251		0x5ff6f3		807b5d00		CMPB 0x5d(BX), $0x0								
  decide.go:251		0x5ff6f7		7411			JE 0x5ff70a									
  decide.go:253		0x5ff6f9		48637370		MOVSXD 0x70(BX), SI								
  decide.go:253		0x5ff6fd		8b7b60			MOVL 0x60(BX), DI								
  decide.go:254		0x5ff700		4c634364		MOVSXD 0x64(BX), R8								
  decide.go:254		0x5ff704		4c634b68		MOVSXD 0x68(BX), R9								
  decide.go:254		0x5ff708		eb23			JMP 0x5ff72d									
  decide.go:256		0x5ff70a		488b7348		MOVQ 0x48(BX), SI								
  decide.go:256		0x5ff70e		48633e			MOVSXD 0(SI), DI								
  decide.go:257		0x5ff711		4c8b4608		MOVQ 0x8(SI), R8								
  decide.go:258		0x5ff715		90			NOPL										
  counter.go:70		0x5ff716		4c8b4e10		MOVQ 0x10(SI), R9								
  counter.go:70		0x5ff71a		488b7618		MOVQ 0x18(SI), SI								
  decide.go:260		0x5ff71e		4989f2			MOVQ SI, R10									
  decide.go:260		0x5ff721		4889fe			MOVQ DI, SI									
  decide.go:260		0x5ff724		4c89c7			MOVQ R8, DI									
  decide.go:260		0x5ff727		4d89c8			MOVQ R9, R8									
  decide.go:260		0x5ff72a		4d89d1			MOVQ R10, R9									
  decide.go:324		0x5ff72d		8854246f		MOVB DL, 0x6f(SP)								
  decide.go:128		0x5ff731		4d89e2			MOVQ R12, R10									
  decide.go:248		0x5ff734		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:248		0x5ff73c		458b2424		MOVL 0(R12), R12								
  decide.go:248		0x5ff740		4489642474		MOVL R12, 0x74(SP)								
  decide.go:248		0x5ff745		4d63e4			MOVSXD R12, R12									
  decide.go:248		0x5ff748		8b530c			MOVL 0xc(BX), DX								
  decide.go:260		0x5ff74b		4c8bac2498000000	MOVQ 0x98(SP), R13								
  decide.go:260		0x5ff753		4929d5			SUBQ DX, R13									
  decide.go:260		0x5ff756		49bf00096e88f1ffffff	MOVQ $0xfffffff1886e0900, R15							
  decide.go:260		0x5ff760		4d01fd			ADDQ R15, R13									
  decide.go:260		0x5ff763		4d39ec			CMPQ R12, R13									
  decide.go:260		0x5ff766		0f86280b0000		JBE 0x600294									
  decide.go:248		0x5ff76c		4889942458020000	MOVQ DX, 0x258(SP)								
  decide.go:260		0x5ff774		4c898424b8010000	MOVQ R8, 0x1b8(SP)								
  decide.go:247		0x5ff77c		440fb7631c		MOVZX 0x1c(BX), R12								
  decide.go:247		0x5ff781		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:247		0x5ff789		4d8b4500		MOVQ 0(R13), R8									
  decide.go:247		0x5ff78d		4c89842450020000	MOVQ R8, 0x250(SP)								
  decide.go:330		0x5ff795		4983fc01		CMPQ R12, $0x1									
  decide.go:330		0x5ff799		7e49			JLE 0x5ff7e4									
  decide.go:330		0x5ff79b		49c1f83f		SARQ $0x3f, R8									
  decide.go:330		0x5ff79f		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5ff7a9		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:330		0x5ff7b1		49f7ed			IMULQ R13									
  decide.go:330		0x5ff7b4		498d441500		LEAQ 0(R13)(DX*1), AX								
  decide.go:330		0x5ff7b9		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5ff7bd		4c29c0			SUBQ R8, AX									
  decide.go:330		0x5ff7c0		4939c4			CMPQ R12, AX									
  decide.go:260		0x5ff7c3		0f8fb90a0000		JG 0x600282									
  decide.go:304		0x5ff7c9		488b842448030000	MOVQ 0x348(SP), AX								
  window.go:76		0x5ff7d1		488b942458020000	MOVQ 0x258(SP), DX								
  decide.go:267		0x5ff7d9		4d89e8			MOVQ R13, R8									
  decide.go:247		0x5ff7dc		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:247		0x5ff7e4		4c89a42448020000	MOVQ R12, 0x248(SP)								
  decide.go:261		0x5ff7ec		4c8ba42498000000	MOVQ 0x98(SP), R12								
  decide.go:261		0x5ff7f4		4929fc			SUBQ DI, R12									
  decide.go:261		0x5ff7f7		4d01fc			ADDQ R15, R12									
  decide.go:261		0x5ff7fa		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:261		0x5ff800		4c39e6			CMPQ SI, R12									
  decide.go:261		0x5ff803		0f86930a0000		JBE 0x60029c									
  decide.go:247		0x5ff809		4d8b6510		MOVQ 0x10(R13), R12								
  decide.go:247		0x5ff80d		4c89a42440020000	MOVQ R12, 0x240(SP)								
  decide.go:330		0x5ff815		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  decide.go:330		0x5ff81d		0f1f00			NOPL 0(AX)									
  decide.go:330		0x5ff820		4983ff01		CMPQ R15, $0x1									
  decide.go:330		0x5ff824		7e48			JLE 0x5ff86e									
  decide.go:330		0x5ff826		49c1fc3f		SARQ $0x3f, R12									
  decide.go:330		0x5ff82a		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5ff834		4c8bac2440020000	MOVQ 0x240(SP), R13								
  decide.go:330		0x5ff83c		49f7ed			IMULQ R13									
  decide.go:330		0x5ff83f		4a8d042a		LEAQ 0(DX)(R13*1), AX								
  decide.go:330		0x5ff843		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5ff847		4c29e0			SUBQ R12, AX									
  decide.go:330		0x5ff84a		4939c7			CMPQ R15, AX									
  decide.go:261		0x5ff84d		0f8f1b0a0000		JG 0x60026e									
  decide.go:304		0x5ff853		488b842448030000	MOVQ 0x348(SP), AX								
  window.go:76		0x5ff85b		488b942458020000	MOVQ 0x258(SP), DX								
  decide.go:267		0x5ff863		4d89ec			MOVQ R13, R12									
  decide.go:247		0x5ff866		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:260		0x5ff86e		4889b424f8000000	MOVQ SI, 0xf8(SP)								
  decide.go:261		0x5ff876		498db70100ffff		LEAQ 0xffff0001(R15), SI							
  decide.go:261		0x5ff87d		48f7de			NEGQ SI										
  decide.go:261		0x5ff880		4939f2			CMPQ R10, SI									
  decide.go:261		0x5ff883		0f8f130a0000		JG 0x60029c									
  decide.go:262		0x5ff889		48637314		MOVSXD 0x14(BX), SI								
  decide.go:263		0x5ff88d		4c01fe			ADDQ R15, SI									
  decide.go:264		0x5ff890		4d01f9			ADDQ R15, R9									
  decide.go:265		0x5ff893		90			NOPL										
  time.go:182		0x5ff894		4c8bbc2430030000	MOVQ 0x330(SP), R15								
  time.go:182		0x5ff89c		490fbae73f		BTQ $0x3f, R15									
  time.go:182		0x5ff8a1		732f			JAE 0x5ff8d2									
  time.go:183		0x5ff8a3		4b8d0c3f		LEAQ 0(R15)(R15*1), CX								
  time.go:183		0x5ff8a7		48c1e91f		SHRQ $0x1f, CX									
  time.go:183		0x5ff8ab		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff8b5		4c01e1			ADDQ R12, CX									
  decide.go:267		0x5ff8b8		4c8ba42440020000	MOVQ 0x240(SP), R12								
  time.go:1461		0x5ff8c0		48898c2480000000	MOVQ CX, 0x80(SP)								
  decide.go:304		0x5ff8c8		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  time.go:189		0x5ff8d0		eb20			JMP 0x5ff8f2									
  decide.go:149		0x5ff8d2		48898424f8020000	MOVQ AX, 0x2f8(SP)								
  time.go:1461		0x5ff8da		488b842438030000	MOVQ 0x338(SP), AX								
  time.go:1461		0x5ff8e2		4889842480000000	MOVQ AX, 0x80(SP)								
  type.go:80		0x5ff8ea		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  decide.go:247		0x5ff8f2		498b4d08		MOVQ 0x8(R13), CX								
  window.go:76		0x5ff8f6		4869d200ca9a3b		IMULQ $0x3b9aca00, DX, DX							
  time.go:1461		0x5ff8fd		4c8ba42480000000	MOVQ 0x80(SP), R12								
  time.go:1461		0x5ff905		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:177		0x5ff90c		4181e7ffffff3f		ANDL $0x3fffffff, R15								
  time.go:1461		0x5ff913		4d63ff			MOVSXD R15, R15									
  time.go:1461		0x5ff916		4d01fc			ADDQ R15, R12									
  window.go:76		0x5ff919		4929d4			SUBQ DX, R12									
  time.go:1461		0x5ff91c		4c89fa			MOVQ R15, DX									
  window.go:76		0x5ff91f		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff929		4d01fc			ADDQ R15, R12									
  decide.go:265		0x5ff92c		90			NOPL										
  window.go:235		0x5ff92d		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ff930		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff936		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ff93a		4c39e1			CMPQ CX, R12									
  window.go:76		0x5ff93d		4c0f4ce1		CMOVL CX, R12									
  window.go:76		0x5ff941		4c89a424a8000000	MOVQ R12, 0xa8(SP)								
  time.go:182		0x5ff949		4c8ba42430030000	MOVQ 0x330(SP), R12								
  time.go:182		0x5ff951		490fbae43f		BTQ $0x3f, R12									
  window.go:235		0x5ff956		732c			JAE 0x5ff984									
  time.go:183		0x5ff958		4f8d1c24		LEAQ 0(R12)(R12*1), R11								
  time.go:183		0x5ff95c		49c1eb1f		SHRQ $0x1f, R11									
  time.go:183		0x5ff960		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff96a		4d01dc			ADDQ R11, R12									
  decide.go:304		0x5ff96d		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  time.go:1461		0x5ff975		4c89642478		MOVQ R12, 0x78(SP)								
  decide.go:304		0x5ff97a		4c8ba42430030000	MOVQ 0x330(SP), R12								
  time.go:189		0x5ff982		eb10			JMP 0x5ff994									
  time.go:1461		0x5ff984		4c8bbc2438030000	MOVQ 0x338(SP), R15								
  time.go:1461		0x5ff98c		4c897c2478		MOVQ R15, 0x78(SP)								
  time.go:1461		0x5ff991		4531ff			XORL R15, R15									
  decide.go:260		0x5ff994		4889bc24b0010000	MOVQ DI, 0x1b0(SP)								
  decide.go:247		0x5ff99c		48898c2438020000	MOVQ CX, 0x238(SP)								
  decide.go:247		0x5ff9a4		4d8b5d18		MOVQ 0x18(R13), R11								
  decide.go:262		0x5ff9a8		4c636b10		MOVSXD 0x10(BX), R13								
  window.go:76		0x5ff9ac		4869ff00ca9a3b		IMULQ $0x3b9aca00, DI, DI							
  time.go:1461		0x5ff9b3		4c8b642478		MOVQ 0x78(SP), R12								
  time.go:1461		0x5ff9b8		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:1461		0x5ff9bf		4901d4			ADDQ DX, R12									
  window.go:76		0x5ff9c2		4929fc			SUBQ DI, R12									
  decide.go:262		0x5ff9c5		4c89ea			MOVQ R13, DX									
  window.go:76		0x5ff9c8		49bd00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R13							
  window.go:76		0x5ff9d2		4d01ec			ADDQ R13, R12									
  decide.go:266		0x5ff9d5		90			NOPL										
  window.go:235		0x5ff9d6		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ff9d9		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ff9dd		4d39e3			CMPQ R11, R12									
  window.go:76		0x5ff9e0		4d0f4ce3		CMOVL R11, R12									
  window.go:76		0x5ff9e4		4c89a424a0000000	MOVQ R12, 0xa0(SP)								
  window.go:148		0x5ff9ec		4885d2			TESTQ DX, DX									
  window.go:148		0x5ff9ef		41bd00000000		MOVL $0x0, R13									
  window.go:148		0x5ff9f5		4889d7			MOVQ DX, DI									
  window.go:148		0x5ff9f8		490f4cd5		CMOVL R13, DX									
  window.go:235		0x5ff9fc		4c8ba424a8000000	MOVQ 0xa8(SP), R12								
  window.go:235		0x5ffa04		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffa07		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ffa0b		4c39e1			CMPQ CX, R12									
  window.go:148		0x5ffa0e		4c0f4ce1		CMOVL CX, R12									
  window.go:148		0x5ffa12		4c29e1			SUBQ R12, CX									
  window.go:226		0x5ffa15		4c8ba42438020000	MOVQ 0x238(SP), R12								
  window.go:226		0x5ffa1d		0f1f00			NOPL 0(AX)									
  window.go:226		0x5ffa20		4939cc			CMPQ R12, CX									
  window.go:235		0x5ffa23		7426			JE 0x5ffa4b									
  window.go:229		0x5ffa25		4889c8			MOVQ CX, AX									
  window.go:229		0x5ffa28		48f7e2			MULQ DX										
  window.go:230		0x5ffa2b		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffa2e		0f84ec080000		JE 0x600320									
  window.go:230		0x5ffa34		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffa37		0f83db080000		JAE 0x600318									
  window.go:230		0x5ffa3d		49f7f4			DIVQ R12									
  window.go:148		0x5ffa40		4889c2			MOVQ AX, DX									
  type.go:80		0x5ffa43		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:247		0x5ffa4b		4c899c2418020000	MOVQ R11, 0x218(SP)								
  decide.go:266		0x5ffa53		90			NOPL										
  window.go:149		0x5ffa54		4885f6			TESTQ SI, SI									
  window.go:149		0x5ffa57		4889f1			MOVQ SI, CX									
  window.go:149		0x5ffa5a		490f4cf5		CMOVL R13, SI									
  window.go:149		0x5ffa5e		4801f2			ADDQ SI, DX									
  decide.go:247		0x5ffa61		4c89e6			MOVQ R12, SI									
  window.go:149		0x5ffa64		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  window.go:149		0x5ffa6e		4939d4			CMPQ R12, DX									
  window.go:97		0x5ffa71		490f42d4		CMOVB R12, DX									
  window.go:148		0x5ffa75		4c8ba424b8010000	MOVQ 0x1b8(SP), R12								
  window.go:148		0x5ffa7d		4d85e4			TESTQ R12, R12									
  window.go:148		0x5ffa80		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffa84		4c8bac24a0000000	MOVQ 0xa0(SP), R13								
  window.go:235		0x5ffa8c		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ffa8f		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ffa93		4d39eb			CMPQ R11, R13									
  window.go:148		0x5ffa96		4d0f4ceb		CMOVL R11, R13									
  window.go:148		0x5ffa9a		4d29eb			SUBQ R13, R11									
  window.go:226		0x5ffa9d		4c8bac2418020000	MOVQ 0x218(SP), R13								
  window.go:226		0x5ffaa5		4d39dd			CMPQ R13, R11									
  window.go:149		0x5ffaa8		7430			JE 0x5ffada									
  window.go:229		0x5ffaaa		4c89d8			MOVQ R11, AX									
  window.go:97		0x5ffaad		4989d3			MOVQ DX, R11									
  window.go:229		0x5ffab0		49f7e4			MULQ R12									
  window.go:230		0x5ffab3		4d85ed			TESTQ R13, R13									
  window.go:230		0x5ffab6		0f8457080000		JE 0x600313									
  window.go:230		0x5ffabc		0f1f4000		NOPL 0(AX)									
  window.go:230		0x5ffac0		4c39ea			CMPQ DX, R13									
  window.go:230		0x5ffac3		0f8345080000		JAE 0x60030e									
  window.go:230		0x5ffac9		49f7f5			DIVQ R13									
  decide.go:267		0x5ffacc		4c89da			MOVQ R11, DX									
  window.go:148		0x5ffacf		4989c4			MOVQ AX, R12									
  type.go:80		0x5ffad2		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:264		0x5ffada		4c898c24c0010000	MOVQ R9, 0x1c0(SP)								
  decide.go:267		0x5ffae2		4d89c3			MOVQ R8, R11									
  decide.go:267		0x5ffae5		4929d0			SUBQ DX, R8									
  decide.go:267		0x5ffae8		4c89842430020000	MOVQ R8, 0x230(SP)								
  decide.go:267		0x5ffaf0		4d85c0			TESTQ R8, R8									
  decide.go:267		0x5ffaf3		41bf00000000		MOVL $0x0, R15									
  decide.go:267		0x5ffaf9		4d0f4cc7		CMOVL R15, R8									
  decide.go:267		0x5ffafd		4d29d0			SUBQ R10, R8									
  window.go:149		0x5ffb00		4d85c9			TESTQ R9, R9									
  window.go:149		0x5ffb03		4d0f4ccf		CMOVL R15, R9									
  window.go:149		0x5ffb07		4d01cc			ADDQ R9, R12									
  decide.go:247		0x5ffb0a		4d89e9			MOVQ R13, R9									
  window.go:149		0x5ffb0d		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ffb17		4d39e5			CMPQ R13, R12									
  window.go:97		0x5ffb1a		4d0f42e5		CMOVB R13, R12									
  decide.go:267		0x5ffb1e		4c8bac2440020000	MOVQ 0x240(SP), R13								
  decide.go:267		0x5ffb26		4d29e5			SUBQ R12, R13									
  decide.go:267		0x5ffb29		4c89ac2428020000	MOVQ R13, 0x228(SP)								
  decide.go:267		0x5ffb31		4d85ed			TESTQ R13, R13									
  decide.go:267		0x5ffb34		4d0f4cef		CMOVL R15, R13									
  decide.go:267		0x5ffb38		4d29d5			SUBQ R10, R13									
  entry.go:290		0x5ffb3b		440fb67c246f		MOVZX 0x6f(SP), R15								
  entry.go:290		0x5ffb41		41f6c740		TESTL $0x40, R15								
  window.go:149		0x5ffb45		741c			JE 0x5ffb63									
  type.go:80		0x5ffb47		448bb870010000		MOVL 0x170(AX), R15								
  writers.go:80		0x5ffb4e		4585ff			TESTL R15, R15									
  writers.go:80		0x5ffb51		740b			JE 0x5ffb5e									
  writers.go:80		0x5ffb53		440fb67820		MOVZX 0x20(AX), R15								
  writers.go:80		0x5ffb58		4183f701		XORL $0x1, R15									
  writers.go:80		0x5ffb5c		eb08			JMP 0x5ffb66									
  writers.go:80		0x5ffb5e		4531ff			XORL R15, R15									
  writers.go:80		0x5ffb61		eb03			JMP 0x5ffb66									
  writers.go:80		0x5ffb63		4531ff			XORL R15, R15									
  window.go:97		0x5ffb66		4889942420020000	MOVQ DX, 0x220(SP)								
  decide.go:267		0x5ffb6e		4c89842408010000	MOVQ R8, 0x108(SP)								
  decide.go:267		0x5ffb76		4c89ac2400010000	MOVQ R13, 0x100(SP)								
  decide.go:267		0x5ffb7e		6690			NOPW										
  decide.go:269		0x5ffb80		4584ff			TESTL R15, R15									
  decide.go:269		0x5ffb83		0f84a2020000		JE 0x5ffe2b									
  decide.go:263		0x5ffb89		48898c2410020000	MOVQ CX, 0x210(SP)								
  share.go:107		0x5ffb91		440fb67b24		MOVZX 0x24(BX), R15								
  share.go:107		0x5ffb96		0fb64b25		MOVZX 0x25(BX), CX								
  share.go:107		0x5ffb9a		4c01f9			ADDQ R15, CX									
  share.go:108		0x5ffb9d		4c8bac2448020000	MOVQ 0x248(SP), R13								
  share.go:108		0x5ffba5		4d85ed			TESTQ R13, R13									
  share.go:108		0x5ffba8		7e0b			JLE 0x5ffbb5									
  share.go:108		0x5ffbaa		4883f908		CMPQ CX, $0x8									
  share.go:108		0x5ffbae		7c05			JL 0x5ffbb5									
  share.go:108		0x5ffbb0		4939cf			CMPQ R15, CX									
  share.go:108		0x5ffbb3		7505			JNE 0x5ffbba									
  decide.go:247		0x5ffbb5		4c89e9			MOVQ R13, CX									
  decide.go:270		0x5ffbb8		eb2c			JMP 0x5ffbe6									
  share.go:111		0x5ffbba		4d0faffd		IMULQ R13, R15									
  decide.go:561		0x5ffbbe		4c89f8			MOVQ R15, AX									
  window.go:97		0x5ffbc1		4989d7			MOVQ DX, R15									
  decide.go:561		0x5ffbc4		31d2			XORL DX, DX									
  decide.go:561		0x5ffbc6		48f7f1			DIVQ CX										
  decide.go:561		0x5ffbc9		4885d2			TESTQ DX, DX									
  decide.go:561		0x5ffbcc		0f95c2			SETNE DL									
  share.go:111		0x5ffbcf		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ffbd2		4801c2			ADDQ AX, DX									
  decide.go:304		0x5ffbd5		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:270		0x5ffbdd		4c89e9			MOVQ R13, CX									
  decide.go:270		0x5ffbe0		4989d5			MOVQ DX, R13									
  decide.go:275		0x5ffbe3		4c89fa			MOVQ R15, DX									
  decide.go:270		0x5ffbe6		4939cd			CMPQ R13, CX									
  decide.go:270		0x5ffbe9		7428			JE 0x5ffc13									
  decide.go:304		0x5ffbeb		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:304		0x5ffbf3		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x5ffbfb		4d89d4			MOVQ R10, R12									
  decide.go:304		0x5ffbfe		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x5ffc06		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:271		0x5ffc0e		e997060000		JMP 0x6002aa									
  window.go:97		0x5ffc13		4c89a42408020000	MOVQ R12, 0x208(SP)								
  decide.go:262		0x5ffc1b		4889bc2400020000	MOVQ DI, 0x200(SP)								
  writers.go:87		0x5ffc23		440fb66b5f		MOVZX 0x5f(BX), R13								
  writers.go:87		0x5ffc28		4589ef			MOVL R13, R15									
  writers.go:87		0x5ffc2b		4183e57f		ANDL $0x7f, R13									
  writers.go:88		0x5ffc2f		4180ff80		CMPL R15, $0x80									
  writers.go:88		0x5ffc33		7211			JB 0x5ffc46									
  type.go:80		0x5ffc35		448bb870010000		MOVL 0x170(AX), R15								
  writers.go:89		0x5ffc3c		4d63ff			MOVSXD R15, R15									
  writers.go:89		0x5ffc3f		4d39ef			CMPQ R15, R13									
  writers.go:89		0x5ffc42		4d0f4fef		CMOVG R15, R13									
  decide.go:273		0x5ffc46		4c89ac24c8000000	MOVQ R13, 0xc8(SP)								
  decide.go:274		0x5ffc4e		4889d8			MOVQ BX, AX									
  decide.go:274		0x5ffc51		31db			XORL BX, BX									
  decide.go:274		0x5ffc53		e8c8880000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:274		0x5ffc58		488d8c24a8020000	LEAQ 0x2a8(SP), CX								
  decide.go:274		0x5ffc60		4889e2			MOVQ SP, DX									
  decide.go:274		0x5ffc63		440f1032		MOVUPS 0(DX), X14								
  decide.go:274		0x5ffc67		440f1131		MOVUPS X14, 0(CX)								
  decide.go:274		0x5ffc6b		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:274		0x5ffc70		440f117110		MOVUPS X14, 0x10(CX)								
  decide.go:274		0x5ffc75		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:274		0x5ffc7a		440f117120		MOVUPS X14, 0x20(CX)								
  decide.go:274		0x5ffc7f		488b8424f0020000	MOVQ 0x2f0(SP), AX								
  decide.go:274		0x5ffc87		bb01000000		MOVL $0x1, BX									
  decide.go:274		0x5ffc8c		e88f880000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:274		0x5ffc91		488d8c2478020000	LEAQ 0x278(SP), CX								
  decide.go:274		0x5ffc99		4889e2			MOVQ SP, DX									
  decide.go:274		0x5ffc9c		440f1032		MOVUPS 0(DX), X14								
  decide.go:274		0x5ffca0		440f1131		MOVUPS X14, 0(CX)								
  decide.go:274		0x5ffca4		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:274		0x5ffca9		440f117110		MOVUPS X14, 0x10(CX)								
  decide.go:274		0x5ffcae		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:274		0x5ffcb3		440f117120		MOVUPS X14, 0x20(CX)								
  decide.go:274		0x5ffcb8		488d842460010000	LEAQ 0x160(SP), AX								
  decide.go:274		0x5ffcc0		488db424a8020000	LEAQ 0x2a8(SP), SI								
  decide.go:274		0x5ffcc8		440f1036		MOVUPS 0(SI), X14								
  decide.go:274		0x5ffccc		440f1130		MOVUPS X14, 0(AX)								
  decide.go:274		0x5ffcd0		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:274		0x5ffcd5		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:274		0x5ffcda		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:274		0x5ffcdf		440f117020		MOVUPS X14, 0x20(AX)								
  decide.go:274		0x5ffce4		488db42430010000	LEAQ 0x130(SP), SI								
  decide.go:274		0x5ffcec		440f1031		MOVUPS 0(CX), X14								
  decide.go:274		0x5ffcf0		440f1136		MOVUPS X14, 0(SI)								
  decide.go:274		0x5ffcf4		440f107110		MOVUPS 0x10(CX), X14								
  decide.go:274		0x5ffcf9		440f117610		MOVUPS X14, 0x10(SI)								
  decide.go:274		0x5ffcfe		440f107120		MOVUPS 0x20(CX), X14								
  decide.go:274		0x5ffd03		440f117620		MOVUPS X14, 0x20(SI)								
  writers.go:91		0x5ffd08		4c8b8424c8000000	MOVQ 0xc8(SP), R8								
  writers.go:91		0x5ffd10		4d85c0			TESTQ R8, R8									
  decide.go:273		0x5ffd13		b901000000		MOVL $0x1, CX									
  decide.go:273		0x5ffd18		4c0f4ec1		CMOVLE CX, R8									
  decide.go:273		0x5ffd1c		4c898424c0000000	MOVQ R8, 0xc0(SP)								
  decide.go:275		0x5ffd24		488b9c2450020000	MOVQ 0x250(SP), BX								
  decide.go:275		0x5ffd2c		488b8c2438020000	MOVQ 0x238(SP), CX								
  decide.go:275		0x5ffd34		488bbc24a8000000	MOVQ 0xa8(SP), DI								
  decide.go:275		0x5ffd3c		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:275		0x5ffd44		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:275		0x5ffd4c		e8ef8a0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:275		0x5ffd51		48898424f8010000	MOVQ AX, 0x1f8(SP)								
  decide.go:276		0x5ffd59		488d842430010000	LEAQ 0x130(SP), AX								
  decide.go:276		0x5ffd61		488b9c2440020000	MOVQ 0x240(SP), BX								
  decide.go:276		0x5ffd69		488b8c2418020000	MOVQ 0x218(SP), CX								
  decide.go:276		0x5ffd71		488bbc24a0000000	MOVQ 0xa0(SP), DI								
  decide.go:276		0x5ffd79		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:276		0x5ffd81		4c8b8424c0000000	MOVQ 0xc0(SP), R8								
  decide.go:276		0x5ffd89		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:276		0x5ffd91		e8aa8a0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:275		0x5ffd96		488b8c24f8010000	MOVQ 0x1f8(SP), CX								
  decide.go:275		0x5ffd9e		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:275		0x5ffda6		4c29c9			SUBQ R9, CX									
  decide.go:276		0x5ffda9		4c29c8			SUBQ R9, AX									
  decide.go:275		0x5ffdac		4c8b842408010000	MOVQ 0x108(SP), R8								
  decide.go:275		0x5ffdb4		4c39c1			CMPQ CX, R8									
  decide.go:276		0x5ffdb7		4c89c2			MOVQ R8, DX									
  decide.go:276		0x5ffdba		480f4cd1		CMOVL CX, DX									
  decide.go:276		0x5ffdbe		4c8bac2400010000	MOVQ 0x100(SP), R13								
  decide.go:276		0x5ffdc6		4c39e8			CMPQ AX, R13									
  decide.go:276		0x5ffdc9		4c89e9			MOVQ R13, CX									
  decide.go:276		0x5ffdcc		480f4cc8		CMOVL AX, CX									
  decide.go:304		0x5ffdd0		488b842448030000	MOVQ 0x348(SP), AX								
  entry.go:290		0x5ffdd8		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:283		0x5ffde0		488bb42438020000	MOVQ 0x238(SP), SI								
  decide.go:283		0x5ffde8		488bbc2400020000	MOVQ 0x200(SP), DI								
  decide.go:283		0x5ffdf0		4c8b8c2418020000	MOVQ 0x218(SP), R9								
  decide.go:283		0x5ffdf8		4c8b942460020000	MOVQ 0x260(SP), R10								
  decide.go:283		0x5ffe00		4c8b9c2450020000	MOVQ 0x250(SP), R11								
  decide.go:283		0x5ffe08		4c8ba42408020000	MOVQ 0x208(SP), R12								
  decide.go:551		0x5ffe10		4d89c7			MOVQ R8, R15									
  decide.go:279		0x5ffe13		4989d0			MOVQ DX, R8									
  decide.go:279		0x5ffe16		4989cd			MOVQ CX, R13									
  decide.go:283		0x5ffe19		488b8c2410020000	MOVQ 0x210(SP), CX								
  decide.go:283		0x5ffe21		488b942420020000	MOVQ 0x220(SP), DX								
  writers.go:91		0x5ffe29		eb03			JMP 0x5ffe2e									
  decide.go:267		0x5ffe2b		4d89c7			MOVQ R8, R15									
  decide.go:280		0x5ffe2e		4d39c5			CMPQ R13, R8									
  decide.go:283		0x5ffe31		4c8bbc24a8000000	MOVQ 0xa8(SP), R15								
  decide.go:283		0x5ffe39		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:283		0x5ffe41		4c0f4cfa		CMOVL DX, R15									
  decide.go:283		0x5ffe45		4c89bc2498010000	MOVQ R15, 0x198(SP)								
  decide.go:283		0x5ffe4d		4c89c2			MOVQ R8, DX									
  decide.go:283		0x5ffe50		4d0f4cc5		CMOVL R13, R8									
  decide.go:283		0x5ffe54		4c8bbc2420020000	MOVQ 0x220(SP), R15								
  decide.go:283		0x5ffe5c		4d0f4cfc		CMOVL R12, R15									
  decide.go:283		0x5ffe60		490f4cf1		CMOVL R9, SI									
  decide.go:283		0x5ffe64		4c8ba424b8010000	MOVQ 0x1b8(SP), R12								
  decide.go:283		0x5ffe6c		490f4cfc		CMOVL R12, DI									
  decide.go:283		0x5ffe70		4c8ba42440020000	MOVQ 0x240(SP), R12								
  decide.go:283		0x5ffe78		4d89d9			MOVQ R11, R9									
  decide.go:283		0x5ffe7b		4d0f4cdc		CMOVL R12, R11									
  decide.go:283		0x5ffe7f		4c8ba424c0010000	MOVQ 0x1c0(SP), R12								
  decide.go:283		0x5ffe87		490f4ccc		CMOVL R12, CX									
  decide.go:283		0x5ffe8b		4885d2			TESTQ DX, DX									
  decide.go:280		0x5ffe8e		0f8cc0030000		JL 0x600254									
  decide.go:283		0x5ffe94		488b942430020000	MOVQ 0x230(SP), DX								
  decide.go:283		0x5ffe9c		0f1f4000		NOPL 0(AX)									
  decide.go:283		0x5ffea0		4939d2			CMPQ R10, DX									
  decide.go:283		0x5ffea3		0f8fab030000		JG 0x600254									
  decide.go:283		0x5ffea9		4d85ed			TESTQ R13, R13									
  decide.go:283		0x5ffeac		0f8ca2030000		JL 0x600254									
  decide.go:283		0x5ffeb2		488b942428020000	MOVQ 0x228(SP), DX								
  decide.go:283		0x5ffeba		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:283		0x5ffec0		4939d2			CMPQ R10, DX									
  decide.go:283		0x5ffec3		0f8f8b030000		JG 0x600254									
  decide.go:283		0x5ffec9		48baffffffffffffff7f	MOVQ $0x7fffffffffffffff, DX							
  decide.go:283		0x5ffed3		4c39c2			CMPQ DX, R8									
  decide.go:283		0x5ffed6		0f8e78030000		JLE 0x600254									
  decide.go:283		0x5ffedc		4889b424e8000000	MOVQ SI, 0xe8(SP)								
  decide.go:283		0x5ffee4		48898c24a8010000	MOVQ CX, 0x1a8(SP)								
  decide.go:283		0x5ffeec		4889bc24a0010000	MOVQ DI, 0x1a0(SP)								
  entry.go:290		0x5ffef4		0fb6531e		MOVZX 0x1e(BX), DX								
  entry.go:290		0x5ffef8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  entry.go:290		0x5fff00		f6c280			TESTL $0x80, DL									
  decide.go:284		0x5fff03		0f8494000000		JE 0x5fff9d									
  decide.go:283		0x5fff09		4c899c24f0000000	MOVQ R11, 0xf0(SP)								
  decide.go:283		0x5fff11		4c89bc24d0000000	MOVQ R15, 0xd0(SP)								
  decide.go:283		0x5fff19		4c89842420010000	MOVQ R8, 0x120(SP)								
  decide.go:285		0x5fff21		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:285		0x5fff29		4883c238		ADDQ $0x38, DX									
  decide.go:285		0x5fff2d		4889d8			MOVQ BX, AX									
  decide.go:285		0x5fff30		4889d3			MOVQ DX, BX									
  decide.go:285		0x5fff33		b902000000		MOVL $0x2, CX									
  decide.go:285		0x5fff38		488bbc24b8000000	MOVQ 0xb8(SP), DI								
  decide.go:285		0x5fff40		e85b150000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).reserveRest(SB)	
  decide.go:285		0x5fff45		84c0			TESTL AL, AL									
  decide.go:285		0x5fff47		0f84cd020000		JE 0x60021a									
  decide.go:289		0x5fff4d		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:296		0x5fff55		488b8c24a8010000	MOVQ 0x1a8(SP), CX								
  entry.go:311		0x5fff5d		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:290		0x5fff65		488bb424e8000000	MOVQ 0xe8(SP), SI								
  window.go:199		0x5fff6d		488bbc24a0010000	MOVQ 0x1a0(SP), DI								
  decide.go:290		0x5fff75		4c8b842420010000	MOVQ 0x120(SP), R8								
  decide.go:548		0x5fff7d		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:290		0x5fff85		4c8b942460020000	MOVQ 0x260(SP), R10								
  decide.go:290		0x5fff8d		4c8b9c24f0000000	MOVQ 0xf0(SP), R11								
  decide.go:290		0x5fff95		4c8bbc24d0000000	MOVQ 0xd0(SP), R15								
  decide.go:290		0x5fff9d		0f1f00			NOPL 0(AX)									
  decide.go:548		0x5fffa0		4d85c9			TESTQ R9, R9									
  decide.go:548		0x5fffa3		7f0a			JG 0x5fffaf									
  decide.go:548		0x5fffa5		ba01000000		MOVL $0x1, DX									
  decide.go:289		0x5fffaa		e906010000		JMP 0x6000b5									
  decide.go:289		0x5fffaf		0fb690a0000000		MOVZX 0xa0(AX), DX								
  decide.go:551		0x5fffb6		4c8ba42408010000	MOVQ 0x108(SP), R12								
  decide.go:551		0x5fffbe		4d85e4			TESTQ R12, R12									
  decide.go:551		0x5fffc1		41bd00000000		MOVL $0x0, R13									
  decide.go:551		0x5fffc7		4d0f4ce5		CMOVL R13, R12									
  decide.go:551		0x5fffcb		4d39e1			CMPQ R9, R12									
  decide.go:551		0x5fffce		4d0f4ce1		CMOVL R9, R12									
  decide.go:551		0x5fffd2		4c89c8			MOVQ R9, AX									
  decide.go:551		0x5fffd5		4d29e1			SUBQ R12, R9									
  decide.go:552		0x5fffd8		49bcae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R12							
  decide.go:552		0x5fffe2		4c39e0			CMPQ AX, R12									
  decide.go:551		0x5fffe5		7d11			JGE 0x5ffff8									
  decide.go:553		0x5fffe7		4d6bc964		IMULQ $0x64, R9, R9								
  decide.go:553		0x5fffeb		480fafc2		IMULQ DX, AX									
  decide.go:553		0x5fffef		4939c1			CMPQ R9, AX									
  decide.go:553		0x5ffff2		410f9dc1		SETGE R9									
  decide.go:289		0x5ffff6		eb3c			JMP 0x600034									
  decide.go:289		0x5ffff8		8854246d		MOVB DL, 0x6d(SP)								
  decide.go:555		0x5ffffc		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:555		0x600006		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:555		0x60000e		49f7e2			MULQ R10									
  decide.go:555		0x600011		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x600015		4c89c8			MOVQ R9, AX									
  decide.go:555		0x600018		4989d2			MOVQ DX, R10									
  decide.go:555		0x60001b		31d2			XORL DX, DX									
  decide.go:555		0x60001d		49f7f2			DIVQ R10									
  decide.go:555		0x600020		0fb654246d		MOVZX 0x6d(SP), DX								
  decide.go:555		0x600025		4839d0			CMPQ AX, DX									
  decide.go:555		0x600028		410f9dc1		SETGE R9									
  decide.go:290		0x60002c		4c8b942460020000	MOVQ 0x260(SP), R10								
  decide.go:289		0x600034		4584c9			TESTL R9, R9									
  decide.go:289		0x600037		7409			JE 0x600042									
  decide.go:289		0x600039		ba01000000		MOVL $0x1, DX									
  decide.go:289		0x60003e		6690			NOPW										
  decide.go:289		0x600040		eb73			JMP 0x6000b5									
  decide.go:548		0x600042		4c8b8c2440020000	MOVQ 0x240(SP), R9								
  decide.go:548		0x60004a		4d85c9			TESTQ R9, R9									
  decide.go:548		0x60004d		7f07			JG 0x600056									
  decide.go:548		0x60004f		ba01000000		MOVL $0x1, DX									
  decide.go:289		0x600054		eb5f			JMP 0x6000b5									
  decide.go:128		0x600056		4c89d0			MOVQ R10, AX									
  decide.go:551		0x600059		4c8b942400010000	MOVQ 0x100(SP), R10								
  decide.go:551		0x600061		4d85d2			TESTQ R10, R10									
  decide.go:551		0x600064		4d0f4cd5		CMOVL R13, R10									
  decide.go:551		0x600068		4d39d1			CMPQ R9, R10									
  decide.go:551		0x60006b		4d0f4cd1		CMOVL R9, R10									
  decide.go:551		0x60006f		4d89cd			MOVQ R9, R13									
  decide.go:551		0x600072		4d29d1			SUBQ R10, R9									
  decide.go:552		0x600075		4d39e5			CMPQ R13, R12									
  decide.go:551		0x600078		7d13			JGE 0x60008d									
  decide.go:553		0x60007a		4d6bc964		IMULQ $0x64, R9, R9								
  decide.go:553		0x60007e		490fafd5		IMULQ R13, DX									
  decide.go:553		0x600082		4939d1			CMPQ R9, DX									
  decide.go:553		0x600085		0f9dc2			SETGE DL									
  decide.go:290		0x600088		4989c2			MOVQ AX, R10									
  decide.go:289		0x60008b		eb28			JMP 0x6000b5									
  decide.go:128		0x60008d		4989c2			MOVQ AX, R10									
  decide.go:555		0x600090		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:289		0x60009a		4189d4			MOVL DX, R12									
  decide.go:555		0x60009d		49f7e5			MULQ R13									
  decide.go:555		0x6000a0		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x6000a4		4c89c8			MOVQ R9, AX									
  decide.go:555		0x6000a7		4989d1			MOVQ DX, R9									
  decide.go:555		0x6000aa		31d2			XORL DX, DX									
  decide.go:555		0x6000ac		49f7f1			DIVQ R9										
  decide.go:555		0x6000af		4c39e0			CMPQ AX, R12									
  decide.go:555		0x6000b2		0f9dc2			SETGE DL									
  decide.go:289		0x6000b5		84d2			TESTL DL, DL									
  entry.go:310		0x6000b7		740c			JE 0x6000c5									
  entry.go:311		0x6000b9		0fb6531e		MOVZX 0x1e(BX), DX								
  entry.go:311		0x6000bd		83ca08			ORL $0x8, DX									
  entry.go:311		0x6000c0		88531e			MOVB DL, 0x1e(BX)								
  entry.go:311		0x6000c3		eb0a			JMP 0x6000cf									
  entry.go:313		0x6000c5		0fb6531e		MOVZX 0x1e(BX), DX								
  entry.go:313		0x6000c9		83e2f7			ANDL $-0x9, DX									
  entry.go:313		0x6000cc		88531e			MOVB DL, 0x1e(BX)								
  decide.go:290		0x6000cf		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:290		0x6000d7		66c7020101		MOVW $0x101, 0(DX)								
  decide.go:290		0x6000dc		4c895a08		MOVQ R11, 0x8(DX)								
  decide.go:290		0x6000e0		48897210		MOVQ SI, 0x10(DX)								
  decide.go:290		0x6000e4		4c894218		MOVQ R8, 0x18(DX)								
  decide.go:290		0x6000e8		4f8d043a		LEAQ 0(R10)(R15*1), R8								
  decide.go:290		0x6000ec		4c894220		MOVQ R8, 0x20(DX)								
  decide.go:296		0x6000f0		4c8b842448020000	MOVQ 0x248(SP), R8								
  decide.go:296		0x6000f8		4f8d0c10		LEAQ 0(R8)(R10*1), R9								
  window.go:235		0x6000fc		4c8ba42498010000	MOVQ 0x198(SP), R12								
  window.go:235		0x600104		4d85e4			TESTQ R12, R12									
  window.go:235		0x600107		41bd00000000		MOVL $0x0, R13									
  window.go:235		0x60010d		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x600111		4939f4			CMPQ R12, SI									
  window.go:195		0x600114		4c0f4fe6		CMOVG SI, R12									
  window.go:195		0x600118		4c89a42490010000	MOVQ R12, 0x190(SP)								
  decide.go:292		0x600120		833d69de560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:292		0x600127		7416			JE 0x60013f									
  decide.go:292		0x600129		4c8b6a38		MOVQ 0x38(DX), R13								
  decide.go:283		0x60012d		4c89d8			MOVQ R11, AX									
  decide.go:292		0x600130		e84b1ee9ff		CALL runtime.gcWriteBarrier2(SB)						
  decide.go:292		0x600135		49891b			MOVQ BX, 0(R11)									
  decide.go:292		0x600138		4d896b08		MOVQ R13, 0x8(R11)								
  decide.go:296		0x60013c		4989c3			MOVQ AX, R11									
  decide.go:292		0x60013f		48895a38		MOVQ BX, 0x38(DX)								
  decide.go:292		0x600143		4c895240		MOVQ R10, 0x40(DX)								
  decide.go:293		0x600147		448b442474		MOVL 0x74(SP), R8								
  decide.go:293		0x60014c		44894248		MOVL R8, 0x48(DX)								
  decide.go:293		0x600150		4c8b842458020000	MOVQ 0x258(SP), R8								
  decide.go:293		0x600158		4c894258		MOVQ R8, 0x58(DX)								
  decide.go:294		0x60015c		4c8b8424f8000000	MOVQ 0xf8(SP), R8								
  decide.go:294		0x600164		4489424c		MOVL R8, 0x4c(DX)								
  decide.go:294		0x600168		4c8b8424b0010000	MOVQ 0x1b0(SP), R8								
  decide.go:294		0x600170		4c894260		MOVQ R8, 0x60(DX)								
  decide.go:295		0x600174		6644894b1c		MOVW R9, 0x1c(BX)								
  decide.go:296		0x600179		4889d8			MOVQ BX, AX									
  decide.go:296		0x60017c		4c89cb			MOVQ R9, BX									
  decide.go:296		0x60017f		4c89d9			MOVQ R11, CX									
  decide.go:296		0x600182		4889f7			MOVQ SI, DI									
  decide.go:296		0x600185		e836140000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).weigh(SB)	
  decide.go:296		0x60018a		488b942448020000	MOVQ 0x248(SP), DX								
  decide.go:296		0x600192		4829d0			SUBQ DX, AX									
  decide.go:296		0x600195		488b9424a8010000	MOVQ 0x1a8(SP), DX								
  decide.go:296		0x60019d		4801c2			ADDQ AX, DX									
  window.go:197		0x6001a0		4885d2			TESTQ DX, DX									
  window.go:235		0x6001a3		7e18			JLE 0x6001bd									
  window.go:198		0x6001a5		488b8c24e8000000	MOVQ 0xe8(SP), CX								
  window.go:198		0x6001ad		4801c9			ADDQ CX, CX									
  window.go:198		0x6001b0		488b942490010000	MOVQ 0x190(SP), DX								
  window.go:198		0x6001b8		4829d1			SUBQ DX, CX									
  window.go:103		0x6001bb		eb2c			JMP 0x6001e9									
  window.go:199		0x6001bd		488b8c24a0010000	MOVQ 0x1a0(SP), CX								
  window.go:199		0x6001c5		4885c9			TESTQ CX, CX									
  window.go:199		0x6001c8		7e1d			JLE 0x6001e7									
  window.go:199		0x6001ca		488b8c2490010000	MOVQ 0x190(SP), CX								
  window.go:199		0x6001d2		488b9424e8000000	MOVQ 0xe8(SP), DX								
  window.go:199		0x6001da		4839d1			CMPQ CX, DX									
  window.go:199		0x6001dd		7d08			JGE 0x6001e7									
  window.go:200		0x6001df		4829ca			SUBQ CX, DX									
  decide.go:297		0x6001e2		4889d1			MOVQ DX, CX									
  window.go:103		0x6001e5		eb02			JMP 0x6001e9									
  window.go:103		0x6001e7		31c9			XORL CX, CX									
  decide.go:297		0x6001e9		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:297		0x6001f1		48894a30		MOVQ CX, 0x30(DX)								
  decide.go:298		0x6001f5		90			NOPL										
  mutex.go:65		0x6001f6		90			NOPL										
  mutex.go:194		0x6001f7		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x6001fc		488b8424f0020000	MOVQ 0x2f0(SP), AX								
  mutex.go:194		0x600204		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x600208		ffcb			DECL BX										
  mutex.go:195		0x60020a		7405			JE 0x600211									
  mutex.go:198		0x60020c		e8af98e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:299		0x600211		4881c420030000		ADDQ $0x320, SP									
  decide.go:299		0x600218		5d			POPQ BP										
  decide.go:299		0x600219		c3			RET										
  decide.go:304		0x60021a		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:304		0x600222		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:304		0x60022a		488b9c24f0020000	MOVQ 0x2f0(SP), BX								
  decide.go:304		0x600232		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x60023a		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:304		0x600242		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x60024a		4c8bbc24d8020000	MOVQ 0x2d8(SP), R15								
  decide.go:286		0x600252		eb56			JMP 0x6002aa									
  decide.go:304		0x600254		488b8c24e8020000	MOVQ 0x2e8(SP), CX								
  decide.go:304		0x60025c		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:304		0x600264		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:283		0x60026c		eb2e			JMP 0x60029c									
  decide.go:304		0x60026e		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:304		0x600276		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:304		0x60027e		6690			NOPW										
  decide.go:261		0x600280		eb1a			JMP 0x60029c									
  decide.go:304		0x600282		488b842448030000	MOVQ 0x348(SP), AX								
  decide.go:304		0x60028a		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:260		0x600292		eb08			JMP 0x60029c									
  decide.go:304		0x600294		4c8bac24d8020000	MOVQ 0x2d8(SP), R13								
  decide.go:304		0x60029c		4d89d4			MOVQ R10, R12									
  decide.go:304		0x60029f		4d89ef			MOVQ R13, R15									
  decide.go:304		0x6002a2		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:304		0x6002aa		488b942430030000	MOVQ 0x330(SP), DX								
  decide.go:304		0x6002b2		48891424		MOVQ DX, 0(SP)									
  decide.go:304		0x6002b6		488b942438030000	MOVQ 0x338(SP), DX								
  decide.go:304		0x6002be		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:304		0x6002c3		488b942440030000	MOVQ 0x340(SP), DX								
  decide.go:304		0x6002cb		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:304		0x6002d0		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:304		0x6002d8		4889542418		MOVQ DX, 0x18(SP)								
  decide.go:304		0x6002dd		4c89ff			MOVQ R15, DI									
  decide.go:304		0x6002e0		4c89ee			MOVQ R13, SI									
  decide.go:304		0x6002e3		4c8b8424e0000000	MOVQ 0xe0(SP), R8								
  decide.go:304		0x6002eb		4d89e1			MOVQ R12, R9									
  decide.go:304		0x6002ee		440fb6942488030000	MOVZX 0x388(SP), R10								
  decide.go:133		0x6002f7		4889da			MOVQ BX, DX									
  decide.go:304		0x6002fa		4889cb			MOVQ CX, BX									
  decide.go:304		0x6002fd		4889d1			MOVQ DX, CX									
  decide.go:304		0x600300		e8db000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).decideLocked(SB)	
  decide.go:305		0x600305		4881c420030000		ADDQ $0x320, SP									
  decide.go:305		0x60030c		5d			POPQ BP										
  decide.go:305		0x60030d		c3			RET										
  window.go:230		0x60030e		e84df1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600313		e8e8f0e4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600318		e843f1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60031d		0f1f00			NOPL 0(AX)									
  window.go:230		0x600320		e8dbf0e4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600325		e836f1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60032a		e8d1f0e4ff		CALL runtime.panicdivide(SB)							
  decide.go:151		0x60032f		90			NOPL										
  mutex.go:65		0x600330		90			NOPL										
  mutex.go:194		0x600331		b9ffffffff		MOVL $-0x1, CX									
  mutex.go:194		0x600336		f00fc10b		LOCK XADDL CX, 0(BX)								
  mutex.go:194		0x60033a		ffc9			DECL CX										
  mutex.go:195		0x60033c		7513			JNE 0x600351									
  decide.go:152		0x60033e		488d053b2e1700		LEAQ 0x172e3b(IP), AX								
  decide.go:152		0x600345		488d1d74fb2200		LEAQ 0x22fb74(IP), BX								
  decide.go:152		0x60034c		e8cfa2e8ff		CALL runtime.gopanic(SB)							
  mutex.go:198		0x600351		4889d8			MOVQ BX, AX									
  mutex.go:198		0x600354		89cb			MOVL CX, BX									
  mutex.go:198		0x600356		e86597e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  mutex.go:198		0x60035b		ebe1			JMP 0x60033e									
  decide.go:124		0x60035d		4889442420		MOVQ AX, 0x20(SP)								
  decide.go:124		0x600362		48895c2428		MOVQ BX, 0x28(SP)								
  decide.go:124		0x600367		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:124		0x60036c		48897c2438		MOVQ DI, 0x38(SP)								
  decide.go:124		0x600371		4889742440		MOVQ SI, 0x40(SP)								
  decide.go:124		0x600376		4c89442448		MOVQ R8, 0x48(SP)								
  decide.go:124		0x60037b		4c894c2450		MOVQ R9, 0x50(SP)								
  decide.go:124		0x600380		4c89542458		MOVQ R10, 0x58(SP)								
  decide.go:124		0x600385		44885c2460		MOVB R11, 0x60(SP)								
  decide.go:124		0x60038a		e8f100e9ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:124		0x60038f		488b442420		MOVQ 0x20(SP), AX								
  decide.go:124		0x600394		488b5c2428		MOVQ 0x28(SP), BX								
  decide.go:124		0x600399		488b4c2430		MOVQ 0x30(SP), CX								
  decide.go:124		0x60039e		488b7c2438		MOVQ 0x38(SP), DI								
  decide.go:124		0x6003a3		488b742440		MOVQ 0x40(SP), SI								
  decide.go:124		0x6003a8		4c8b442448		MOVQ 0x48(SP), R8								
  decide.go:124		0x6003ad		4c8b4c2450		MOVQ 0x50(SP), R9								
  decide.go:124		0x6003b2		4c8b542458		MOVQ 0x58(SP), R10								
  decide.go:124		0x6003b7		440fb65c2460		MOVZX 0x60(SP), R11								
  decide.go:124		0x6003bd		0f1f00			NOPL 0(AX)									
  decide.go:124		0x6003c0		e9dbe7ffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB)	

TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB) /tmp/s30/h153/repo/cache/decide.go
  decide.go:577		0x601660		493b6610		CMPQ SP, 0x10(R14)								
  decide.go:577		0x601664		0f864d040000		JBE 0x601ab7									
  decide.go:577		0x60166a		55			PUSHQ BP									
  decide.go:577		0x60166b		4889e5			MOVQ SP, BP									
  decide.go:577		0x60166e		4883ec28		SUBQ $0x28, SP									
  decide.go:578		0x601672		488b13			MOVQ 0(BX), DX									
  decide.go:579		0x601675		4885d2			TESTQ DX, DX									
  decide.go:579		0x601678		0f842d040000		JE 0x601aab									
  decide.go:582		0x60167e		833d0bc9560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:582		0x601685		740b			JE 0x601692									
  decide.go:582		0x601687		488b33			MOVQ 0(BX), SI									
  decide.go:582		0x60168a		e8d108e9ff		CALL runtime.gcWriteBarrier1(SB)						
  decide.go:582		0x60168f		498933			MOVQ SI, 0(R11)									
  decide.go:582		0x601692		48c70300000000		MOVQ $0x0, 0(BX)								
  decide.go:583		0x601699		90			NOPL										
  mutex.go:46		0x60169a		90			NOPL										
  decide.go:579		0x60169b		4889c1			MOVQ AX, CX									
  mutex.go:63		0x60169e		31c0			XORL AX, AX									
  mutex.go:63		0x6016a0		be01000000		MOVL $0x1, SI									
  mutex.go:63		0x6016a5		f00fb132		LOCK CMPXCHGL SI, 0(DX)								
  mutex.go:63		0x6016a9		400f94c6		SETE SI										
  mutex.go:63		0x6016ad		4084f6			TESTL SI, SI									
  mutex.go:63		0x6016b0		7526			JNE 0x6016d8									
  decide.go:579		0x6016b2		48894c2420		MOVQ CX, 0x20(SP)								
  decide.go:579		0x6016b7		48895c2440		MOVQ BX, 0x40(SP)								
  decide.go:578		0x6016bc		4889542418		MOVQ DX, 0x18(SP)								
  mutex.go:70		0x6016c1		4889d0			MOVQ DX, AX									
  mutex.go:70		0x6016c4		e81781e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:602		0x6016c9		488b4c2420		MOVQ 0x20(SP), CX								
  decide.go:533		0x6016ce		488b542418		MOVQ 0x18(SP), DX								
  decide.go:585		0x6016d3		488b5c2440		MOVQ 0x40(SP), BX								
  decide.go:533		0x6016d8		0fb67224		MOVZX 0x24(DX), SI								
  decide.go:533		0x6016dc		8d7e01			LEAL 0x1(SI), DI								
  decide.go:537		0x6016df		440fb6c7		MOVZX DI, R8									
  decide.go:584		0x6016e3		90			NOPL										
  decide.go:533		0x6016e4		40887a24		MOVB DI, 0x24(DX)								
  decide.go:537		0x6016e8		0fb67a25		MOVZX 0x25(DX), DI								
  decide.go:537		0x6016ec		4901f8			ADDQ DI, R8									
  decide.go:537		0x6016ef		4983f840		CMPQ R8, $0x40									
  decide.go:537		0x6016f3		7c14			JL 0x601709									
  decide.go:538		0x6016f5		83c602			ADDL $0x2, SI									
  decide.go:538		0x6016f8		40d0ee			SHRL $0x1, SI									
  decide.go:538		0x6016fb		40887224		MOVB SI, 0x24(DX)								
  decide.go:538		0x6016ff		8d7701			LEAL 0x1(DI), SI								
  decide.go:538		0x601702		40d0ee			SHRL $0x1, SI									
  decide.go:538		0x601705		40887225		MOVB SI, 0x25(DX)								
  decide.go:585		0x601709		48837b0800		CMPQ 0x8(BX), $0x0								
  decide.go:585		0x60170e		751d			JNE 0x60172d									
  decide.go:586		0x601710		90			NOPL										
  mutex.go:65		0x601711		90			NOPL										
  mutex.go:194		0x601712		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601717		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x60171b		ffcb			DECL BX										
  mutex.go:195		0x60171d		7408			JE 0x601727									
  mutex.go:198		0x60171f		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601722		e89983e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:587		0x601727		4883c428		ADDQ $0x28, SP									
  decide.go:587		0x60172b		5d			POPQ BP										
  decide.go:587		0x60172c		c3			RET										
  decide.go:602		0x60172d		0fb6721e		MOVZX 0x1e(DX), SI								
  decide.go:602		0x601731		83e603			ANDL $0x3, SI									
  decide.go:602		0x601734		4080fe01		CMPL SI, $0x1									
  decide.go:602		0x601738		0f8554030000		JNE 0x601a92									
  decide.go:602		0x60173e		80797800		CMPB 0x78(CX), $0x0								
  decide.go:602		0x601742		0f854a030000		JNE 0x601a92									
  decide.go:603		0x601748		0fb6721f		MOVZX 0x1f(DX), SI								
  sizecode.go:56	0x60174c		83e60f			ANDL $0xf, SI									
  type.go:80		0x60174f		488d34b1		LEAQ 0(CX)(SI*4), SI								
  type.go:80		0x601753		488db6b4000000		LEAQ 0xb4(SI), SI								
  type.go:80		0x60175a		8b36			MOVL 0(SI), SI									
  decide.go:603		0x60175c		8b7b10			MOVL 0x10(BX), DI								
  sizecode.go:56	0x60175f		f7d6			NOTL SI										
  decide.go:603		0x601761		39f7			CMPL DI, SI									
  decide.go:603		0x601763		0f8529030000		JNE 0x601a92									
  decide.go:604		0x601769		8b720c			MOVL 0xc(DX), SI								
  decide.go:604		0x60176c		4c8b4320		MOVQ 0x20(BX), R8								
  decide.go:637		0x601770		4939f0			CMPQ R8, SI									
  decide.go:637		0x601773		7507			JNE 0x60177c									
  decide.go:637		0x601775		b801000000		MOVL $0x1, AX									
  decide.go:604		0x60177a		eb16			JMP 0x601792									
  decide.go:639		0x60177c		4863ff			MOVSXD DI, DI									
  decide.go:639		0x60177f		4829fe			SUBQ DI, SI									
  decide.go:639		0x601782		4939f0			CMPQ R8, SI									
  decide.go:639		0x601785		7504			JNE 0x60178b									
  decide.go:639		0x601787		31c0			XORL AX, AX									
  decide.go:604		0x601789		eb07			JMP 0x601792									
  decide.go:604		0x60178b		48c7c0ffffffff		MOVQ $-0x1, AX									
  decide.go:604		0x601792		4885c0			TESTQ AX, AX									
  decide.go:604		0x601795		0f8cf7020000		JL 0x601a92									
  decide.go:606		0x60179b		8b7314			MOVL 0x14(BX), SI								
  decide.go:606		0x60179e		6690			NOPW										
  decide.go:606		0x6017a0		85f6			TESTL SI, SI									
  decide.go:606		0x6017a2		0f858a000000		JNE 0x601832									
  narrow.go:264		0x6017a8		0fb6721e		MOVZX 0x1e(DX), SI								
  narrow.go:264		0x6017ac		40f6c620		TESTL $0x20, SI									
  narrow.go:264		0x6017b0		7539			JNE 0x6017eb									
  decide.go:607		0x6017b2		488b7308		MOVQ 0x8(BX), SI								
  narrow.go:264		0x6017b6		0fb77a1c		MOVZX 0x1c(DX), DI								
  narrow.go:264		0x6017ba		4839fe			CMPQ SI, DI									
  narrow.go:264		0x6017bd		772c			JA 0x6017eb									
  narrow.go:261		0x6017bf		83e001			ANDL $0x1, AX									
  narrow.go:265		0x6017c2		4c8d0482		LEAQ 0(DX)(AX*4), R8								
  narrow.go:265		0x6017c6		4d8d4010		LEAQ 0x10(R8), R8								
  narrow.go:265		0x6017ca		4d6300			MOVSXD 0(R8), R8								
  narrow.go:265		0x6017cd		4901f0			ADDQ SI, R8									
  narrow.go:265		0x6017d0		4981f8ffffff7f		CMPQ R8, $0x7fffffff								
  narrow.go:265		0x6017d7		7f12			JG 0x6017eb									
  narrow.go:265		0x6017d9		440fb7444218		MOVZX 0x18(DX)(AX*2), R8							
  narrow.go:265		0x6017df		4901f0			ADDQ SI, R8									
  narrow.go:265		0x6017e2		4981f8ffff0000		CMPQ R8, $0xffff								
  narrow.go:265		0x6017e9		7e04			JLE 0x6017ef									
  narrow.go:265		0x6017eb		31c0			XORL AX, AX									
  decide.go:607		0x6017ed		eb1b			JMP 0x60180a									
  narrow.go:268		0x6017ef		29f7			SUBL SI, DI									
  narrow.go:268		0x6017f1		66897a1c		MOVW DI, 0x1c(DX)								
  narrow.go:269		0x6017f5		01748210		ADDL SI, 0x10(DX)(AX*4)								
  narrow.go:270		0x6017f9		0fb77c4218		MOVZX 0x18(DX)(AX*2), DI							
  narrow.go:270		0x6017fe		01fe			ADDL DI, SI									
  narrow.go:270		0x601800		6689744218		MOVW SI, 0x18(DX)(AX*2)								
  narrow.go:270		0x601805		b801000000		MOVL $0x1, AX									
  decide.go:607		0x60180a		84c0			TESTL AL, AL									
  decide.go:607		0x60180c		0f8480020000		JE 0x601a92									
  decide.go:608		0x601812		90			NOPL										
  mutex.go:65		0x601813		90			NOPL										
  mutex.go:194		0x601814		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601819		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x60181d		0f1f00			NOPL 0(AX)									
  mutex.go:194		0x601820		ffcb			DECL BX										
  mutex.go:195		0x601822		7408			JE 0x60182c									
  mutex.go:198		0x601824		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601827		e89482e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:609		0x60182c		4883c428		ADDQ $0x28, SP									
  decide.go:609		0x601830		5d			POPQ BP										
  decide.go:609		0x601831		c3			RET										
  decide.go:611		0x601832		0fb67a5e		MOVZX 0x5e(DX), DI								
  decide.go:611		0x601836		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:611		0x60183f		90			NOPL										
  decide.go:611		0x601840		4080ff02		CMPL DI, $0x2									
  decide.go:611		0x601844		0f8248020000		JB 0x601a92									
  decide.go:611		0x60184a		448b4318		MOVL 0x18(BX), R8								
  decide.go:611		0x60184e		4585c0			TESTL R8, R8									
  decide.go:611		0x601851		0f853a010000		JNE 0x601991									
  decide.go:611		0x601857		807a5d00		CMPB 0x5d(DX), $0x0								
  decide.go:611		0x60185b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:611		0x601860		0f8425010000		JE 0x60198b									
  decide.go:612		0x601866		8b7a70			MOVL 0x70(DX), DI								
  decide.go:612		0x601869		39f7			CMPL DI, SI									
  decide.go:612		0x60186b		0f8521020000		JNE 0x601a92									
  decide.go:613		0x601871		8b7260			MOVL 0x60(DX), SI								
  decide.go:613		0x601874		4c8b4328		MOVQ 0x28(BX), R8								
  decide.go:637		0x601878		4939f0			CMPQ R8, SI									
  decide.go:637		0x60187b		7507			JNE 0x601884									
  decide.go:637		0x60187d		be01000000		MOVL $0x1, SI									
  decide.go:613		0x601882		eb1c			JMP 0x6018a0									
  decide.go:639		0x601884		4863ff			MOVSXD DI, DI									
  decide.go:639		0x601887		4829fe			SUBQ DI, SI									
  decide.go:639		0x60188a		4939f0			CMPQ R8, SI									
  decide.go:639		0x60188d		7504			JNE 0x601893									
  decide.go:639		0x60188f		31f6			XORL SI, SI									
  decide.go:613		0x601891		eb0d			JMP 0x6018a0									
  decide.go:613		0x601893		48c7c6ffffffff		MOVQ $-0x1, SI									
  decide.go:613		0x60189a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:613		0x6018a0		4885f6			TESTQ SI, SI									
  decide.go:613		0x6018a3		0f8c9d000000		JL 0x601946									
  decide.go:613		0x6018a9		488b7b08		MOVQ 0x8(BX), DI								
  narrow.go:290		0x6018ad		4989f0			MOVQ SI, R8									
  narrow.go:290		0x6018b0		83e601			ANDL $0x1, SI									
  narrow.go:291		0x6018b3		4c8d0cb2		LEAQ 0(DX)(SI*4), R9								
  narrow.go:291		0x6018b7		4d8d4964		LEAQ 0x64(R9), R9								
  narrow.go:291		0x6018bb		4d6309			MOVSXD 0(R9), R9								
  narrow.go:291		0x6018be		4901f9			ADDQ DI, R9									
  narrow.go:291		0x6018c1		4981f9ffffff7f		CMPQ R9, $0x7fffffff								
  narrow.go:291		0x6018c8		7f78			JG 0x601942									
  narrow.go:291		0x6018ca		0fb774726c		MOVZX 0x6c(DX)(SI*2), SI							
  narrow.go:291		0x6018cf		4801fe			ADDQ DI, SI									
  narrow.go:291		0x6018d2		4881feffff0000		CMPQ SI, $0xffff								
  decide.go:613		0x6018d9		7f61			JG 0x60193c									
  narrow.go:264		0x6018db		0fb6721e		MOVZX 0x1e(DX), SI								
  narrow.go:264		0x6018df		90			NOPL										
  narrow.go:264		0x6018e0		40f6c620		TESTL $0x20, SI									
  narrow.go:264		0x6018e4		7535			JNE 0x60191b									
  narrow.go:264		0x6018e6		0fb7721c		MOVZX 0x1c(DX), SI								
  narrow.go:264		0x6018ea		4839f7			CMPQ DI, SI									
  narrow.go:264		0x6018ed		772c			JA 0x60191b									
  narrow.go:261		0x6018ef		83e001			ANDL $0x1, AX									
  narrow.go:265		0x6018f2		4c8d0c82		LEAQ 0(DX)(AX*4), R9								
  narrow.go:265		0x6018f6		4d8d4910		LEAQ 0x10(R9), R9								
  narrow.go:265		0x6018fa		4d6309			MOVSXD 0(R9), R9								
  narrow.go:265		0x6018fd		4901f9			ADDQ DI, R9									
  narrow.go:265		0x601900		4981f9ffffff7f		CMPQ R9, $0x7fffffff								
  narrow.go:265		0x601907		7f12			JG 0x60191b									
  narrow.go:265		0x601909		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:265		0x60190f		4901f9			ADDQ DI, R9									
  narrow.go:265		0x601912		4981f9ffff0000		CMPQ R9, $0xffff								
  narrow.go:265		0x601919		7e04			JLE 0x60191f									
  narrow.go:265		0x60191b		31c0			XORL AX, AX									
  decide.go:613		0x60191d		eb2c			JMP 0x60194b									
  narrow.go:268		0x60191f		29fe			SUBL DI, SI									
  narrow.go:268		0x601921		6689721c		MOVW SI, 0x1c(DX)								
  narrow.go:269		0x601925		017c8210		ADDL DI, 0x10(DX)(AX*4)								
  narrow.go:270		0x601929		0fb7744218		MOVZX 0x18(DX)(AX*2), SI							
  narrow.go:270		0x60192e		01fe			ADDL DI, SI									
  narrow.go:270		0x601930		6689744218		MOVW SI, 0x18(DX)(AX*2)								
  narrow.go:270		0x601935		b801000000		MOVL $0x1, AX									
  decide.go:613		0x60193a		eb0f			JMP 0x60194b									
  decide.go:613		0x60193c		31c0			XORL AX, AX									
  decide.go:613		0x60193e		6690			NOPW										
  decide.go:613		0x601940		eb09			JMP 0x60194b									
  decide.go:613		0x601942		31c0			XORL AX, AX									
  narrow.go:291		0x601944		eb05			JMP 0x60194b									
  narrow.go:296		0x601946		4989f0			MOVQ SI, R8									
  narrow.go:296		0x601949		31c0			XORL AX, AX									
  decide.go:613		0x60194b		84c0			TESTL AL, AL									
  decide.go:613		0x60194d		0f843f010000		JE 0x601a92									
  decide.go:614		0x601953		488b4b08		MOVQ 0x8(BX), CX								
  narrow.go:296		0x601957		4183e001		ANDL $0x1, R8									
  narrow.go:297		0x60195b		42014c8264		ADDL CX, 0x64(DX)(R8*4)								
  narrow.go:298		0x601960		420fb774426c		MOVZX 0x6c(DX)(R8*2), SI							
  narrow.go:298		0x601966		01f1			ADDL SI, CX									
  narrow.go:298		0x601968		6642894c426c		MOVW CX, 0x6c(DX)(R8*2)								
  decide.go:615		0x60196e		90			NOPL										
  mutex.go:65		0x60196f		90			NOPL										
  mutex.go:194		0x601970		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601975		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601979		ffcb			DECL BX										
  mutex.go:195		0x60197b		7408			JE 0x601985									
  mutex.go:198		0x60197d		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601980		e83b81e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:616		0x601985		4883c428		ADDQ $0x28, SP									
  decide.go:616		0x601989		5d			POPQ BP										
  decide.go:616		0x60198a		c3			RET										
  decide.go:611		0x60198b		4080ff02		CMPL DI, $0x2									
  decide.go:611		0x60198f		eb04			JMP 0x601995									
  decide.go:611		0x601991		4080ff02		CMPL DI, $0x2									
  decide.go:619		0x601995		0f82f7000000		JB 0x601a92									
  decide.go:619		0x60199b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:611		0x6019a0		4585c0			TESTL R8, R8									
  decide.go:619		0x6019a3		0f85e9000000		JNE 0x601a92									
  decide.go:620		0x6019a9		488b7a48		MOVQ 0x48(DX), DI								
  decide.go:620		0x6019ad		448b07			MOVL 0(DI), R8									
  decide.go:620		0x6019b0		4139f0			CMPL R8, SI									
  decide.go:620		0x6019b3		0f85d9000000		JNE 0x601a92									
  decide.go:621		0x6019b9		488b7328		MOVQ 0x28(BX), SI								
  counter.go:83		0x6019bd		4c8b4f08		MOVQ 0x8(DI), R9								
  counter.go:83		0x6019c1		4939f1			CMPQ R9, SI									
  counter.go:83		0x6019c4		7507			JNE 0x6019cd									
  counter.go:83		0x6019c6		be01000000		MOVL $0x1, SI									
  decide.go:621		0x6019cb		eb16			JMP 0x6019e3									
  counter.go:85		0x6019cd		4d63c0			MOVSXD R8, R8									
  counter.go:85		0x6019d0		4d29c1			SUBQ R8, R9									
  counter.go:85		0x6019d3		4c39ce			CMPQ SI, R9									
  counter.go:85		0x6019d6		7504			JNE 0x6019dc									
  counter.go:85		0x6019d8		31f6			XORL SI, SI									
  decide.go:621		0x6019da		eb07			JMP 0x6019e3									
  decide.go:621		0x6019dc		48c7c6ffffffff		MOVQ $-0x1, SI									
  decide.go:621		0x6019e3		4885f6			TESTQ SI, SI									
  decide.go:621		0x6019e6		7c70			JL 0x601a58									
  narrow.go:264		0x6019e8		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:264		0x6019ed		41f6c020		TESTL $0x20, R8									
  narrow.go:264		0x6019f1		753e			JNE 0x601a31									
  decide.go:621		0x6019f3		4c8b4308		MOVQ 0x8(BX), R8								
  narrow.go:264		0x6019f7		440fb74a1c		MOVZX 0x1c(DX), R9								
  narrow.go:264		0x6019fc		0f1f4000		NOPL 0(AX)									
  narrow.go:264		0x601a00		4d39c8			CMPQ R8, R9									
  narrow.go:264		0x601a03		772c			JA 0x601a31									
  narrow.go:261		0x601a05		83e001			ANDL $0x1, AX									
  narrow.go:265		0x601a08		4c8d1482		LEAQ 0(DX)(AX*4), R10								
  narrow.go:265		0x601a0c		4d8d5210		LEAQ 0x10(R10), R10								
  narrow.go:265		0x601a10		4d6312			MOVSXD 0(R10), R10								
  narrow.go:265		0x601a13		4d01c2			ADDQ R8, R10									
  narrow.go:265		0x601a16		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:265		0x601a1d		7f12			JG 0x601a31									
  narrow.go:265		0x601a1f		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:265		0x601a25		4d01c2			ADDQ R8, R10									
  narrow.go:265		0x601a28		4981faffff0000		CMPQ R10, $0xffff								
  narrow.go:265		0x601a2f		7e04			JLE 0x601a35									
  narrow.go:265		0x601a31		31c0			XORL AX, AX									
  decide.go:621		0x601a33		eb25			JMP 0x601a5a									
  narrow.go:268		0x601a35		4529c1			SUBL R8, R9									
  narrow.go:268		0x601a38		6644894a1c		MOVW R9, 0x1c(DX)								
  narrow.go:269		0x601a3d		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:270		0x601a42		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:270		0x601a48		4501c8			ADDL R9, R8									
  narrow.go:270		0x601a4b		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:270		0x601a51		b801000000		MOVL $0x1, AX									
  decide.go:621		0x601a56		eb02			JMP 0x601a5a									
  decide.go:621		0x601a58		31c0			XORL AX, AX									
  decide.go:621		0x601a5a		84c0			TESTL AL, AL									
  decide.go:621		0x601a5c		7434			JE 0x601a92									
  decide.go:621		0x601a5e		6690			NOPW										
  counter.go:42		0x601a60		4883fe02		CMPQ SI, $0x2									
  counter.go:42		0x601a64		734b			JAE 0x601ab1									
  decide.go:622		0x601a66		488b4b08		MOVQ 0x8(BX), CX								
  counter.go:42		0x601a6a		48014cf720		ADDQ CX, 0x20(DI)(SI*8)								
  counter.go:43		0x601a6f		48014cf710		ADDQ CX, 0x10(DI)(SI*8)								
  decide.go:623		0x601a74		90			NOPL										
  mutex.go:65		0x601a75		90			NOPL										
  mutex.go:194		0x601a76		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601a7b		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601a7f		90			NOPL										
  mutex.go:194		0x601a80		ffcb			DECL BX										
  mutex.go:195		0x601a82		7408			JE 0x601a8c									
  mutex.go:198		0x601a84		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601a87		e83480e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:624		0x601a8c		4883c428		ADDQ $0x28, SP									
  decide.go:624		0x601a90		5d			POPQ BP										
  decide.go:624		0x601a91		c3			RET										
  decide.go:631		0x601a92		4889c8			MOVQ CX, AX									
  decide.go:631		0x601a95		4889d9			MOVQ BX, CX									
  decide.go:631		0x601a98		4889d3			MOVQ DX, BX									
  decide.go:631		0x601a9b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:631		0x601aa0		e83b000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).commitLocked(SB)	
  decide.go:632		0x601aa5		4883c428		ADDQ $0x28, SP									
  decide.go:632		0x601aa9		5d			POPQ BP										
  decide.go:632		0x601aaa		c3			RET										
  decide.go:580		0x601aab		4883c428		ADDQ $0x28, SP									
  decide.go:580		0x601aaf		5d			POPQ BP										
  decide.go:580		0x601ab0		c3			RET										
  counter.go:42		0x601ab1		e86a08e9ff		CALL runtime.panicBounds(SB)							
  counter.go:42		0x601ab6		90			NOPL										
  decide.go:577		0x601ab7		4889442408		MOVQ AX, 0x8(SP)								
  decide.go:577		0x601abc		48895c2410		MOVQ BX, 0x10(SP)								
  decide.go:577		0x601ac1		e8bae9e8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:577		0x601ac6		488b442408		MOVQ 0x8(SP), AX								
  decide.go:577		0x601acb		488b5c2410		MOVQ 0x10(SP), BX								
  decide.go:577		0x601ad0		e98bfbffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB)	
